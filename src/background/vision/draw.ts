import type { LabelBox, Screenshot, ViewportLayout } from '../../shared/vision';
import { scaleFor } from './scale';

/** Label colours: white on magenta stands out on most pages and is rare in them. */
export const LABEL_BG = '#e6007e';
const LABEL_FG = '#ffffff';
const FONT_PX = 11;
/** The labels' font: tests draw the digits with it to read the labels back from the picture. */
export const LABEL_FONT = `bold ${FONT_PX}px sans-serif`;
export const LABEL_HEIGHT = FONT_PX + 3;
const JPEG_QUALITY = 0.75;

/**
 * Scales the captured picture down to the size the model gets, draws each element id as a small
 * label on the top-left corner of its box (see labelRect), then paints every secret field black, last, so nothing
 * drawn before can show through. Runs on an OffscreenCanvas (service worker and event page alike).
 */
export async function drawScreenshot(dataUrl: string, layout: ViewportLayout): Promise<Omit<Screenshot, 'reason'>> {
  const bitmap = await createImageBitmap(await (await fetch(dataUrl)).blob());
  const shown = shownArea(bitmap.width, bitmap.height, layout);
  if (!shown) {
    const size = `${bitmap.width}×${bitmap.height}`;
    bitmap.close();
    throw new Error(`the captured picture (${size}) does not have the page's shape (${layout.width}×${layout.height})`);
  }
  const scale = scaleFor(shown.width, shown.height);
  const width = Math.max(1, Math.round(shown.width * scale));
  const height = Math.max(1, Math.round(shown.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const g = canvas.getContext('2d');
  if (!g) throw new Error('no 2d context for the screenshot');
  g.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  // what the picture does not show is neither labelled nor counted
  const labels = layout.labels.filter((b) => b.y < shown.height).map((b) => scaled(b, scale));
  const secrets = layout.secrets.filter((r) => r.y < shown.height);
  g.font = LABEL_FONT;
  g.textBaseline = 'top';
  for (const b of labels) drawLabel(g, b, width, height);
  g.fillStyle = '#000000';
  for (const s of secrets) {
    // a pixel of margin: JPEG blurs edges, and the field's border may show the value's length
    g.fillRect(Math.floor(s.x * scale) - 1, Math.floor(s.y * scale) - 1, Math.ceil(s.w * scale) + 3, Math.ceil(s.h * scale) + 3);
  }
  const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: JPEG_QUALITY });
  return { mediaType: 'image/jpeg', data: base64(new Uint8Array(await blob.arrayBuffer())), width, height, scale, labels, blackedOut: secrets.length };
}

/**
 * The part of the page's viewport (CSS pixels, from its top left) the captured picture shows. The
 * tab may show less of the page than it lays out (a window shorter than an emulated viewport): the
 * picture is then its top, at the same width, and the boxes are placed by the width alone, never
 * stretched. A picture of any other shape cannot be matched to the boxes: none (it is not sent,
 * since a black box beside its secret field would show the secret).
 */
export function shownArea(pictureWidth: number, pictureHeight: number, layout: Pick<ViewportLayout, 'width' | 'height'>): { width: number; height: number } | null {
  const same = Math.abs(pictureWidth / pictureHeight - layout.width / layout.height) <= 0.02;
  if (same) return { width: layout.width, height: layout.height };
  const cssHeight = (pictureHeight * layout.width) / pictureWidth;
  // only a shorter picture is a crop of the page's top; a taller one is not the page at all
  return cssHeight < layout.height ? { width: layout.width, height: Math.round(cssHeight) } : null;
}

function scaled(b: LabelBox, scale: number): LabelBox {
  return { id: b.id, x: Math.round(b.x * scale), y: Math.round(b.y * scale), w: Math.round(b.w * scale), h: Math.round(b.h * scale) };
}

/** Where an id's label goes: on the box's top edge, just above it, so the element's own words stay readable; inside it at the top of the picture. */
export function labelRect(b: LabelBox, textWidth: number, width: number, height: number): { x: number; y: number; w: number; h: number } {
  const w = Math.ceil(textWidth) + 4;
  const h = LABEL_HEIGHT;
  const above = b.y - h >= 0 ? b.y - h : b.y;
  return { x: Math.min(Math.max(0, b.x), width - w), y: Math.min(Math.max(0, above), height - h), w, h };
}

function drawLabel(g: OffscreenCanvasRenderingContext2D, b: LabelBox, width: number, height: number): void {
  const text = String(b.id);
  const { x, y, w, h } = labelRect(b, g.measureText(text).width, width, height);
  g.fillStyle = LABEL_BG;
  g.fillRect(x, y, w, h);
  g.fillStyle = LABEL_FG;
  g.fillText(text, x + 2, y + 1);
}

function base64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}
