import type { ViewportStats } from '../../shared/vision';

/**
 * Whether the page model says too little about what is on screen, so that a model that sees
 * should get a screenshot beside it. The text stays the main view (it is cheaper and its ids are
 * exact); the picture is for what text cannot carry:
 * - a canvas (or embedded plug-in) covers a fair share of the viewport: drawn controls have no element;
 * - pictures without any text alternative cover much of it: image-only buttons, maps, charts;
 * - almost nothing on screen can be acted on and there is little text: the page is drawn or still empty.
 */
export interface ThinVerdict {
  thin: boolean;
  reason: string;
}

/** Shares of the viewport above which drawn content is "a fair share" (tuned on the arena's pages). */
export const THIN_LIMITS = { canvasShare: 0.15, pictureShare: 0.35, fewInteractive: 3, littleText: 200 } as const;

export function isThin(s: ViewportStats): ThinVerdict {
  if (s.area <= 0) return { thin: false, reason: 'the viewport has no size' };
  const canvas = s.canvasArea / s.area;
  const pictures = s.pictureArea / s.area;
  if (canvas >= THIN_LIMITS.canvasShare) return { thin: true, reason: `a canvas covers ${pct(canvas)} of the visible area` };
  if (pictures >= THIN_LIMITS.pictureShare) return { thin: true, reason: `pictures without text cover ${pct(pictures)} of the visible area` };
  if (s.interactive < THIN_LIMITS.fewInteractive && s.textChars < THIN_LIMITS.littleText) {
    return { thin: true, reason: `only ${s.interactive} control${s.interactive === 1 ? '' : 's'} and ${s.textChars} characters of text are visible` };
  }
  return { thin: false, reason: 'the page model describes the visible area' };
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
