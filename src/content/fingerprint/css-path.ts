import { tagOf } from '../page-model/dom';

/** Ids that a framework or a build made up: they change between loads, so a path must not rest on them. */
const GENERATED_ID = /\d{3,}|[0-9a-f]{8,}|^[a-z]{1,3}\d|:|^_|__/i;
export const TEST_ATTRS = ['data-testid', 'data-test', 'data-qa', 'data-cy'];

export function isStableId(id: string): boolean {
  return !!id && id.length <= 64 && !GENERATED_ID.test(id);
}

const attr = (name: string, value: string) => `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`;

type Root = Document | ShadowRoot;

function count(root: Root, css: string): number {
  try {
    return root.querySelectorAll(css).length;
  } catch {
    return 0;
  }
}

/** A selector for el alone among its siblings: tag, with :nth-of-type when the tag repeats. */
function stepOf(el: Element): string {
  const t = tagOf(el);
  const parent = el.parentElement ?? el.parentNode;
  if (!parent) return t;
  let same = 0;
  let index = 0;
  for (const c of Array.from(parent.children)) {
    if (c.localName !== el.localName) continue;
    same++;
    if (c === el) index = same;
  }
  return same > 1 ? `${CSS.escape(t)}:nth-of-type(${index})` : CSS.escape(t);
}

/** An anchor that names el on its own (a stable id, a test id, a form control's name), if unique in root. */
function anchorOf(el: Element, root: Root): string | undefined {
  const t = CSS.escape(tagOf(el));
  const options: string[] = [];
  if (isStableId(el.id)) options.push(`#${CSS.escape(el.id)}`);
  for (const a of TEST_ATTRS) {
    const v = el.getAttribute(a);
    if (v) options.push(`${t}${attr(a, v)}`);
  }
  const title = el.getAttribute('title');
  if (title && tagOf(el) === 'iframe') options.push(`iframe${attr('title', title)}`);
  // a custom element that occurs once (a widget's shadow host) names itself
  if (t.includes('-')) options.push(t);
  const name = el.getAttribute('name');
  if (name && ['input', 'select', 'textarea', 'button', 'form', 'iframe'].includes(tagOf(el))) options.push(`${t}${attr('name', name)}`);
  return options.find((css) => count(root, css) === 1);
}

/**
 * A CSS path to el from its own root (document or shadow root): it stops at the nearest ancestor
 * with a stable anchor (#id, test id, name) and counts siblings with :nth-of-type elsewhere, so the
 * path survives changes outside that anchor. Checked to match exactly el; the plain positional
 * path is the fallback when an anchor turns out ambiguous in context.
 */
export function cssPathOf(el: Element): string {
  const root = el.getRootNode() as Root;
  const parts: string[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) {
    const anchor = anchorOf(e, root);
    if (anchor) {
      parts.unshift(anchor);
      break;
    }
    if (tagOf(e) === 'html') {
      parts.unshift('html');
      break;
    }
    parts.unshift(stepOf(e));
  }
  const css = parts.join(' > ');
  if (matchesOnly(root, css, el)) return css;
  return positionalPath(el);
}

function matchesOnly(root: Root, css: string, el: Element): boolean {
  try {
    const found = root.querySelectorAll(css);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
}

function positionalPath(el: Element): string {
  const parts: string[] = [];
  for (let e: Element | null = el; e; e = e.parentElement) parts.unshift(tagOf(e) === 'html' ? 'html' : stepOf(e));
  // inside a shadow root the first step's parent is the root itself, which querySelectorAll scopes to
  return parts.join(' > ');
}
