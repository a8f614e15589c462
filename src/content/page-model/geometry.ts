export type Region = 'in' | 'above' | 'below' | 'off';

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Viewport {
  w: number;
  h: number;
}

export function regionOf(b: Box, vp: Viewport): Region {
  if (b.y + b.h <= 0) return 'above';
  if (b.y >= vp.h) return 'below';
  if (b.x + b.w <= 0 || b.x >= vp.w) return 'off';
  return 'in';
}

/** Distance in pixels from the viewport, 0 when inside: used to keep what is near first. */
export function distanceOf(b: Box, vp: Viewport): number {
  const dy = b.y + b.h <= 0 ? -(b.y + b.h) : b.y >= vp.h ? b.y - vp.h : 0;
  const dx = b.x + b.w <= 0 ? -(b.x + b.w) : b.x >= vp.w ? b.x - vp.w : 0;
  return dy + dx;
}

/** The 3x3 screen grid of the structured-reflection paper's compact screen. */
export function gridOf(b: Box, vp: Viewport): string {
  const cx = b.x + b.w / 2;
  const cy = b.y + b.h / 2;
  const col = cx < vp.w / 3 ? 'left' : cx < (2 * vp.w) / 3 ? 'center' : 'right';
  const row = cy < vp.h / 3 ? 'top' : cy < (2 * vp.h) / 3 ? 'middle' : 'bottom';
  return row === 'middle' && col === 'center' ? 'center' : `${row}-${col}`;
}

export function topViewport(): Viewport {
  return { w: window.innerWidth, h: window.innerHeight };
}
