import jpeg from 'jpeg-js';
import { anthropicImageTokens } from '../../src/core/vision/image-tokens';

/** A decoded picture: RGBA bytes, row by row. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

export function decodeJpeg(bytes: Buffer): Pixels {
  const img = jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true });
  return { width: img.width, height: img.height, data: img.data };
}

/** What a picture costs with Anthropic (width*height/750), the scripted server's usage figure. */
export function imageTokens(bytes: Buffer): number {
  try {
    const { width, height } = jpeg.decode(bytes, { useTArray: true, maxMemoryUsageInMB: 64 });
    return anthropicImageTokens(width, height);
  } catch {
    return 0;
  }
}

export function pixelAt(p: Pixels, x: number, y: number): [number, number, number] {
  const i = (Math.round(y) * p.width + Math.round(x)) * 4;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
}

/** The share of pixels in a box whose colour is within `tolerance` of `rgb` (JPEG shifts colours a little). */
export function shareNear(p: Pixels, box: { x: number; y: number; w: number; h: number }, rgb: [number, number, number], tolerance = 48): number {
  let hits = 0;
  let all = 0;
  for (let y = Math.max(0, Math.floor(box.y)); y < Math.min(p.height, Math.ceil(box.y + box.h)); y++) {
    for (let x = Math.max(0, Math.floor(box.x)); x < Math.min(p.width, Math.ceil(box.x + box.w)); x++) {
      const [r, g, b] = pixelAt(p, x, y);
      all++;
      if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) <= tolerance) hits++;
    }
  }
  return all ? hits / all : 0;
}

/** The centre of the pixels close to a colour (a model that "sees" a coloured button), or null when there are too few. */
export function centreOf(p: Pixels, rgb: [number, number, number], tolerance = 60, minPixels = 50): { x: number; y: number } | null {
  let sx = 0;
  let sy = 0;
  let n = 0;
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const [r, g, b] = pixelAt(p, x, y);
      if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) <= tolerance) {
        sx += x;
        sy += y;
        n++;
      }
    }
  }
  return n >= minPixels ? { x: sx / n, y: sy / n } : null;
}

/** The bounding box of the pixels close to a colour (a model that "sees" where a coloured button is), or null when there are too few. */
export function boundsOf(p: Pixels, rgb: [number, number, number], tolerance = 60, minPixels = 50): { x: number; y: number; w: number; h: number } | null {
  let [minX, minY, maxX, maxY, n] = [Infinity, Infinity, -1, -1, 0];
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const [r, g, b] = pixelAt(p, x, y);
      if (Math.abs(r - rgb[0]) + Math.abs(g - rgb[1]) + Math.abs(b - rgb[2]) > tolerance) continue;
      [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
      n++;
    }
  }
  return n >= minPixels ? { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1 } : null;
}
