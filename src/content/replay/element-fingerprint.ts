import type { Fingerprint } from '../../shared/fingerprint';
import { clip, collapse, frameElementOf, inputType, plainText, tagOf } from '../page-model/dom';
import { authoredName, fallbackName } from '../page-model/names';
import { roleOf } from '../page-model/roles';
import { lastWalkResult, walkPage } from '../page-model/snapshot';
import { contextOf } from './context';

// Replay's fingerprint of an element, written back into a workflow after a heal. It computes the
// same fields as the recorder's fingerprint (src/shared/fingerprint.ts documents them) from the
// page model's own role and name, so what a replay writes back resolves the way a recording does.

const GENERATED_ID = /\d{3,}|[0-9a-f]{8,}|^[a-z]{1,3}\d|:/i;
const TEST_ATTRS = ['data-testid', 'data-test', 'data-qa', 'data-cy'];

function cssPath(el: Element): string {
  const parts: string[] = [];
  for (let e: Element | null = el; e && e.parentElement; e = e.parentElement) {
    const parent: Element = e.parentElement;
    const same = Array.from(parent.children).filter((c) => c.localName === e!.localName);
    parts.unshift(same.length > 1 ? `${e.localName}:nth-of-type(${same.indexOf(e) + 1})` : e.localName);
    if (parent.localName === 'body') {
      parts.unshift('body');
      break;
    }
  }
  return parts.join(' > ') || el.localName;
}

function xpathOf(el: Element): string {
  if (el.getRootNode() !== el.ownerDocument) return '';
  const parts: string[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) {
    const same = e.parentElement ? Array.from(e.parentElement.children).filter((c) => c.localName === e!.localName) : [e];
    parts.unshift(`${e.localName}[${same.indexOf(e) + 1}]`);
  }
  return '/' + parts.join('/');
}

function framePath(el: Element): string[] {
  const out: string[] = [];
  for (let f = frameElementOf(el); f; f = frameElementOf(f)) out.unshift(f.id ? `#${CSS.escape(f.id)}` : cssPath(f));
  return out;
}

function shadowPath(el: Element): string[] {
  const out: string[] = [];
  for (let root = el.getRootNode(); root instanceof ShadowRoot || (root as ShadowRoot).host; root = (root as ShadowRoot).host.getRootNode()) {
    const host = (root as ShadowRoot).host;
    out.unshift(host.id ? `#${CSS.escape(host.id)}` : cssPath(host));
  }
  return out;
}

export function elementFingerprint(el: Element): Fingerprint {
  const item = (lastWalkResult()?.items.find((it) => it.el === el) ?? walkPage().items.find((it) => it.el === el));
  const t = tagOf(el);
  const fp: Fingerprint = {
    tag: t,
    role: item?.role ?? roleOf(el),
    name: item?.name ?? (authoredName(el) || fallbackName(el)),
    css: el.id && !GENERATED_ID.test(el.id) ? `#${CSS.escape(el.id)}` : cssPath(el),
    xpath: xpathOf(el),
    frames: framePath(el),
    shadow: shadowPath(el),
  };
  const own = t === 'input' || t === 'textarea' || t === 'select' ? '' : clip(collapse(plainText(el)), 120);
  if (own) fp.text = own;
  const label = authoredName(el);
  if (label && (t === 'input' || t === 'textarea' || t === 'select')) fp.label = label;
  const ph = el.getAttribute('placeholder');
  if (ph) fp.placeholder = ph;
  const test = TEST_ATTRS.find((a) => el.hasAttribute(a));
  if (test) fp.testId = `${test}=${el.getAttribute(test)}`;
  if (el.id && !GENERATED_ID.test(el.id)) fp.domId = el.id;
  const name = el.getAttribute('name');
  if (name) fp.nameAttr = name;
  if (t === 'input') fp.inputType = inputType(el);
  const href = el.getAttribute('href');
  if (href) fp.href = href;
  const r = el.getBoundingClientRect();
  fp.rect = { x: Math.round(r.x), y: Math.round(r.y), w: Math.round(r.width), h: Math.round(r.height) };
  const context = contextOf(el);
  if (context) fp.context = clip(context, 80);
  return fp;
}
