import type { Fingerprint } from '../../shared/fingerprint';
import { sameRoleFamily } from '../../workflows/replay/roles';
import { clip, plainText } from '../page-model/dom';
import { idFor } from '../page-model/ids';
import { authoredName } from '../page-model/names';
import { roleOf } from '../page-model/roles';
import type { Item, WalkResult } from '../page-model/walk';

/** Tags and roles of the controls the page model gives ids to; anything else recorded was a click on a non-control. */
const CONTROL_TAGS = new Set(['a', 'button', 'input', 'select', 'textarea', 'summary', 'option']);
const WIDGET_ROLES = new Set([
  'button', 'link', 'checkbox', 'radio', 'switch', 'tab', 'menuitem', 'menuitemcheckbox', 'menuitemradio',
  'option', 'combobox', 'textbox', 'searchbox', 'slider', 'spinbutton', 'treeitem', 'listbox', 'gridcell',
]);
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
/** More candidates than this of one kind are not scored: a page that large is refused, not guessed. */
const MAX_CANDIDATES = 20_000;

/** A fingerprint without a role or tag (made from a Chrome Recorder file's selectors) is looked for among controls, as before. */
export const isControlFingerprint = (fp: Fingerprint): boolean => !fp.role || !fp.tag || CONTROL_TAGS.has(fp.tag) || WIDGET_ROLES.has(fp.role);

/**
 * The elements a recorded target can be found among. A control is looked for among the page
 * model's controls of a fitting role; a click recorded on a heading, list item, span, card or cell
 * is looked for among elements of that kind (any heading level for a heading), never among
 * controls, so a link that happens to carry the same words is not a candidate for it.
 */
export function candidatesFor(fp: Fingerprint, walked: WalkResult): Item[] {
  if (isControlFingerprint(fp)) {
    return walked.items.filter((it) => it.kind === 'el' && (!fp.role || sameRoleFamily(fp.role, it.role))).slice(0, MAX_CANDIDATES);
  }
  const selector = HEADINGS.has(fp.tag) ? 'h1,h2,h3,h4,h5,h6,[role=heading]' : CSS.escape(fp.tag);
  const roots: (Document | ShadowRoot)[] = [...walked.docs, ...walked.shadowRoots];
  const out: Item[] = [];
  for (const root of roots) {
    for (const el of Array.from(root.querySelectorAll(selector))) {
      if (out.length >= MAX_CANDIDATES) return out;
      if (!wrapsControl(el)) out.push(itemOfNonControl(el));
    }
  }
  return out;
}

const CONTROLS = 'a[href],button,input,select,textarea,summary,[role=button],[role=link],[role=menuitem],[role=tab]';

/**
 * A box whose every word is a control's inside it (the outer div of a button "Open"): a click there
 * is the control's, so the box is no candidate for a click recorded on a non-control; its words
 * would make it one. The control is another kind of element than the recorded one: the step asks.
 */
function wrapsControl(el: Element): boolean {
  const text = plainText(el).trim();
  if (!text) return false;
  return Array.from(el.querySelectorAll(CONTROLS)).some((c) => plainText(c).trim() === text);
}

function itemOfNonControl(el: Element): Item {
  const name = authoredName(el) || clip(plainText(el), 150);
  return { kind: 'el', el, id: idFor(el), role: roleOf(el), name, heading: 0, region: 'in', dist: 0, grid: '', order: 0 };
}
