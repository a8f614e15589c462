import type { Rect } from '../../shared/vision';
import { styleOf, tagOf } from '../page-model/dom';
import { isSecret } from '../page-model/secrets';
import { onScreen, viewportRect } from './boxes';
import { reach, type Root } from './roots';

/**
 * Boxes to black out besides the secret fields the page model listed: secret fields it did not
 * list (in a closed shadow root, hidden from it by a label trick, or added since the last walk),
 * and every frame whose document cannot be read, whole, since what it holds cannot be checked (a
 * payment provider's card field is such a frame). docs/screenshots.md, "What a screenshot contains".
 */
export function unlistedBoxes(width: number, height: number): Rect[] {
  const { roots, opaque } = reach(document);
  const els = [...roots.flatMap(secretFieldsIn), ...opaque.filter(shows)];
  const out: Rect[] = [];
  for (const el of els) {
    const box = onScreen(viewportRect(el), width, height);
    if (box) out.push(box);
  }
  return out;
}

function secretFieldsIn(root: Root): Element[] {
  const out: Element[] = [];
  for (const el of Array.from(root.querySelectorAll('input, textarea, [contenteditable]'))) {
    if (tagOf(el) === 'input' && (el as HTMLInputElement).type === 'hidden') continue;
    if (styleOf(el).visibility === 'hidden') continue;
    if (isSecret(el, el.getAttribute('aria-label') ?? '')) out.push(el);
  }
  return out;
}

/** A frame that paints nothing shows nothing to hide; one that is faint still shows its fields. */
function shows(el: Element): boolean {
  const s = styleOf(el);
  return s.visibility !== 'hidden' && Number(s.opacity) !== 0;
}
