import type { Fingerprint } from '../../shared/fingerprint';
import { clip, collapse, frameElementOf, inputType, plainText, styleOf, tagOf } from '../page-model/dom';
import { authoredName, fallbackName } from '../page-model/names';
import { roleOf } from '../page-model/roles';
import { lastWalkResult } from '../page-model/snapshot';
import { contextOf } from './context';
import { cssPathOf, isStableId, TEST_ATTRS } from './css-path';
import { lookOf } from './look';
import { subjectOf } from './subject';
import { landmarkOf, nearOf, rowOf } from './neighbourhood';
import { xpathOf } from './xpath';

const FIELDS = new Set(['input', 'textarea', 'select']);

/** Role and accessible name as the page model showed them, when the caller already knows them. */
export interface KnownName {
  role: string;
  name: string;
}

/**
 * Every way the recorder knows to find el again (src/shared/fingerprint.ts documents the fields).
 * Role and name are the page model's own, taken from its last walk when el was in it, so that
 * replay's role+name match compares like with like. Never reads a field's value.
 */
export function fingerprintOf(el: Element, known?: KnownName): Fingerprint {
  const t = tagOf(el);
  // an editable element's text is what the person typed: never a name or text to store
  const editable = (el as HTMLElement).isContentEditable;
  const named = known ?? fromLastWalk(el) ?? { role: roleOf(el), name: authoredName(el) || (editable ? '' : clip(plainText(el), 150)) || fallbackName(el) };
  const fp: Fingerprint = {
    tag: t,
    role: named.role,
    name: named.name,
    css: cssPathOf(el),
    xpath: xpathOf(el),
    frames: framePathOf(el),
    shadow: shadowPathOf(el),
  };
  if (!FIELDS.has(t) && !editable) {
    const own = clip(plainText(el), 120);
    if (own) fp.text = own;
  }
  const label = labelOf(el);
  if (label) fp.label = label;
  const ph = el.getAttribute('placeholder');
  if (ph && collapse(ph)) fp.placeholder = collapse(ph);
  const test = TEST_ATTRS.find((a) => el.getAttribute(a));
  if (test) fp.testId = `${test}=${el.getAttribute(test)}`;
  if (isStableId(el.id)) fp.domId = el.id;
  const nameAttr = el.getAttribute('name');
  if (nameAttr) fp.nameAttr = nameAttr;
  if (t === 'input') fp.inputType = inputType(el);
  const href = el.getAttribute('href');
  if (href) fp.href = href;
  fp.rect = topRectOf(el);
  const context = contextOf(el);
  if (context) fp.context = clip(context, 80);
  const landmark = landmarkOf(el);
  if (landmark) fp.landmark = landmark;
  const row = rowOf(el);
  if (row) fp.row = row;
  const near = nearOf(el);
  if (near) fp.near = near;
  const look = lookOf(el);
  if (look) fp.look = look;
  const dialog = subjectOf(el);
  if (dialog) fp.dialog = dialog;
  return fp;
}

function fromLastWalk(el: Element): KnownName | undefined {
  // only an element's own item: a run of text that starts in el is a line of the page, not el's name
  const item = lastWalkResult()?.items.find((it) => it.kind === 'el' && it.el === el);
  return item ? { role: item.role, name: item.name } : undefined;
}

/**
 * A field's authored name (its <label>s, aria-labelledby, aria-label), computed exactly as replay's
 * label strategy computes it on the live page, so the two compare equal.
 */
function labelOf(el: Element): string {
  if (!FIELDS.has(tagOf(el)) && !el.hasAttribute('aria-labelledby')) return '';
  return authoredName(el);
}

/** CSS paths of the iframes between the top document and el's document, outermost first. */
function framePathOf(el: Element): string[] {
  const out: string[] = [];
  for (let f = frameElementOf(el); f; f = frameElementOf(f)) out.unshift(cssPathOf(f));
  return out;
}

/** CSS paths of the shadow hosts between el's document and el, outermost first. */
function shadowPathOf(el: Element): string[] {
  const out: string[] = [];
  for (let root = el.getRootNode(); isShadowRoot(root); root = root.host.getRootNode()) out.unshift(cssPathOf(root.host));
  return out;
}

// across realms (same-origin frames) `instanceof ShadowRoot` fails; a shadow root is a fragment with a host
const isShadowRoot = (n: Node): n is ShadowRoot => n.nodeType === 11 && !!(n as ShadowRoot).host;

/** el's box in CSS pixels of the top viewport: frame offsets added up, as the page model places elements. */
function topRectOf(el: Element): NonNullable<Fingerprint['rect']> {
  const r = el.getBoundingClientRect();
  let x = r.left;
  let y = r.top;
  for (let f = frameElementOf(el); f; f = frameElementOf(f)) {
    const fr = f.getBoundingClientRect();
    const s = styleOf(f);
    x += fr.left + f.clientLeft + parseFloat(s.paddingLeft);
    y += fr.top + f.clientTop + parseFloat(s.paddingTop);
  }
  return { x: Math.round(x), y: Math.round(y), w: Math.round(r.width), h: Math.round(r.height) };
}
