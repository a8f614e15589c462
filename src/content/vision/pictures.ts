import { styleOf, tagOf } from '../page-model/dom';
import { onScreen, viewportRect } from './boxes';

/**
 * How much of the viewport is drawn rather than written: canvases, and pictures (img, svg,
 * video) with no text alternative. The page model cannot describe either, so a large share of them
 * is one reason to send a screenshot (src/core/vision/thin.ts).
 */
export function pictureBoxes(width: number, height: number): { canvas: number; picture: number } {
  let canvas = 0;
  let picture = 0;
  for (const el of Array.from(document.querySelectorAll('canvas, img, svg, video, embed, object'))) {
    const t = tagOf(el);
    if (t === 'svg' && el.parentElement?.closest('svg')) continue;
    const s = styleOf(el);
    if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) continue;
    const box = onScreen(viewportRect(el), width, height);
    if (!box) continue;
    const area = box.w * box.h;
    if (t === 'canvas' || t === 'embed' || t === 'object') canvas += area;
    else if (!hasText(el)) picture += area;
  }
  return { canvas: Math.min(canvas, width * height), picture: Math.min(picture, width * height) };
}

function hasText(el: Element): boolean {
  const alt = el.getAttribute('alt') ?? el.getAttribute('aria-label') ?? el.getAttribute('title') ?? '';
  if (alt.trim()) return true;
  if (tagOf(el) === 'svg') return !!el.querySelector('title')?.textContent?.trim();
  return false;
}
