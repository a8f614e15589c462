import type { LabelBox, Rect, ViewportLayout } from '../../shared/vision';
import { lastWalkResult, walkPage } from '../page-model/snapshot';
import { isSecret } from '../page-model/secrets';
import { pictureBoxes } from './pictures';
import { onScreen, viewportRect } from './boxes';
import { unlistedBoxes } from './blackout';

/**
 * The viewport as a screenshot will show it, measured from the page model's own walk so the
 * labels drawn on the picture are exactly the ids the model reads. Nothing is added to the page:
 * the labels are drawn by the service worker on the captured picture.
 */
export function layout(): ViewportLayout {
  const width = window.innerWidth;
  const height = window.innerHeight;
  // the walk of the last snapshot, or a fresh one when the page has not been read yet
  const walk = lastWalkResult() ?? walkPage();
  const labels: LabelBox[] = [];
  const secrets: Rect[] = [];
  let textChars = 0;
  for (const item of walk.items) {
    if (item.region !== 'in' || !item.el.isConnected) continue;
    textChars += item.name.length;
    if (item.kind !== 'el') continue;
    const box = onScreen(viewportRect(item.el), width, height);
    if (!box) continue;
    labels.push({ id: item.id, ...box });
    if (isSecret(item.el, item.name)) secrets.push(box);
  }
  // secret fields the walk did not list, and frames that cannot be looked into, are covered too
  for (const box of unlistedBoxes(width, height)) {
    if (!secrets.some((s) => s.x === box.x && s.y === box.y && s.w === box.w && s.h === box.h)) secrets.push(box);
  }
  const pictures = pictureBoxes(width, height);
  return {
    width,
    height,
    labels,
    secrets,
    stats: { area: width * height, interactive: labels.length, textChars, canvasArea: pictures.canvas, pictureArea: pictures.picture },
  };
}

