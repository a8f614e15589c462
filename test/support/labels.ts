import type { Worker } from 'playwright-core';
import { LABEL_BG, LABEL_FONT, LABEL_HEIGHT } from '../../src/background/vision/draw';
import { pixelAt, type Pixels } from './images';

/**
 * Reads the id labels back out of a screenshot the way a model that sees would: finds the
 * white-on-magenta boxes and reads their digits. The digits are matched against the same font
 * drawn by the same browser (src/background/vision/draw.ts), so a label drawn with a wrong id, or
 * in a wrong place, reads as what it is.
 */

/** Each digit 0-9 at each place of a label, drawn as draw.ts draws it: the green channel of a window around it. */
export interface LabelGlyphs {
  advance: number;
  width: number;
  /** places[k][d]: digit d at place k, `width` by LABEL_HEIGHT values */
  places: number[][][];
}

export interface ReadLabel {
  id: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

const PLACES = 4;
const MAGENTA = hex(LABEL_BG);

/** Draws the digits in the service worker, where the labels are drawn, with the labels' font. */
export async function labelGlyphs(worker: Worker): Promise<LabelGlyphs> {
  return worker.evaluate(
    ({ font, bg, h, places }) => {
      const c = new OffscreenCanvas(16 * places, h);
      const g = c.getContext('2d')!;
      g.font = font;
      g.textBaseline = 'top';
      const widths = [...'0123456789'].map((d) => g.measureText(d).width);
      const advance = widths[0]!;
      // a font with digits of different widths would need reading glyph by glyph from the left
      if (widths.some((w) => Math.abs(w - advance) > 0.01)) throw new Error(`the label font's digits differ in width: ${widths.join(', ')}`);
      const width = Math.ceil(advance) + 2;
      const out: number[][][] = [];
      for (let k = 0; k < places; k++) {
        const left = Math.floor(2 + k * advance) - 1;
        const row: number[][] = [];
        for (let d = 0; d < 10; d++) {
          g.fillStyle = bg;
          g.fillRect(0, 0, c.width, h);
          g.fillStyle = '#ffffff';
          g.fillText(String(d), 2 + k * advance, 1);
          const data = g.getImageData(left, 0, width, h).data;
          row.push(Array.from({ length: width * h }, (_, i) => data[i * 4 + 1]!));
        }
        out.push(row);
      }
      return { advance, width, places: out };
    },
    { font: LABEL_FONT, bg: LABEL_BG, h: LABEL_HEIGHT, places: PLACES },
  );
}

/** Every label in the picture: its box (picture pixels) and the id its digits read. */
export function readLabels(p: Pixels, glyphs: LabelGlyphs): ReadLabel[] {
  return magentaBoxes(p).map((b) => ({ ...b, id: readDigits(p, b, glyphs) }));
}

const isMagenta = (p: Pixels, x: number, y: number) => {
  const [r, g, b] = pixelAt(p, x, y);
  return Math.abs(r - MAGENTA[0]) + Math.abs(g - MAGENTA[1]) + Math.abs(b - MAGENTA[2]) <= 90;
};

/** Connected runs of the labels' magenta that have a label's height and are mostly filled. */
function magentaBoxes(p: Pixels): Omit<ReadLabel, 'id'>[] {
  const seen = new Uint8Array(p.width * p.height);
  const boxes: Omit<ReadLabel, 'id'>[] = [];
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      if (seen[y * p.width + x] || !isMagenta(p, x, y)) continue;
      const box = flood(p, seen, x, y);
      if (Math.abs(box.h - LABEL_HEIGHT) <= 2 && box.w >= 8 && box.count >= 0.35 * box.w * box.h) boxes.push({ x: box.x, y: box.y, w: box.w, h: box.h });
    }
  }
  return boxes;
}

function flood(p: Pixels, seen: Uint8Array, x0: number, y0: number) {
  let [minX, minY, maxX, maxY, count] = [x0, y0, x0, y0, 0];
  const stack = [x0, y0];
  seen[y0 * p.width + x0] = 1;
  while (stack.length) {
    const y = stack.pop()!;
    const x = stack.pop()!;
    count++;
    [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
    for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
      if (nx < 0 || ny < 0 || nx >= p.width || ny >= p.height || seen[ny * p.width + nx] || !isMagenta(p, nx, ny)) continue;
      seen[ny * p.width + nx] = 1;
      stack.push(nx, ny);
    }
  }
  return { x: minX, y: minY, w: maxX - minX + 1, h: maxY - minY + 1, count };
}

/** The label's width says how many digits it has (draw.ts: text width + 4); each place reads as its closest digit. */
function readDigits(p: Pixels, b: Omit<ReadLabel, 'id'>, glyphs: LabelGlyphs): number {
  const n = Math.min(PLACES, Math.max(1, Math.round((b.w - 4) / glyphs.advance)));
  let id = '';
  for (let k = 0; k < n; k++) {
    const left = b.x + Math.floor(2 + k * glyphs.advance) - 1;
    const cost = glyphs.places[k]!.map((t) => bestShift(p, t, glyphs.width, left, b.y));
    id += String(cost.indexOf(Math.min(...cost)));
  }
  return Number(id);
}

/** The template's distance from the picture at its place, allowing the pixel or two JPEG moves edges by. */
function bestShift(p: Pixels, t: number[], width: number, left: number, top: number): number {
  let best = Infinity;
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -2; dx <= 2; dx++) {
      let sum = 0;
      for (let i = 0; i < t.length; i++) {
        const x = left + dx + (i % width);
        const y = top + dy + Math.floor(i / width);
        const g = x < 0 || y < 0 || x >= p.width || y >= p.height ? 0 : pixelAt(p, x, y)[1];
        sum += (g - t[i]!) ** 2;
      }
      best = Math.min(best, sum);
    }
  }
  return best;
}

function hex(s: string): [number, number, number] {
  return [parseInt(s.slice(1, 3), 16), parseInt(s.slice(3, 5), 16), parseInt(s.slice(5, 7), 16)];
}
