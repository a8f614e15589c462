import type { RecorderSelector } from '../../shared/recorder-target';
import { sameRoleFamily } from '../../workflows/replay/roles';
import { norm } from '../../workflows/text';
import { authoredName } from '../page-model/names';
import type { Item } from '../page-model/walk';
import { safeQuery, xpathIn } from './roots';

/** The page as the selector queries see it: one document (the step's frame) with its items and shadow roots. */
export interface QueryScope {
  doc: Document;
  items: Item[];
  shadowRoots: ShadowRoot[];
}

export type SelectorKind = 'aria' | 'text' | 'xpath' | 'pierce' | 'css';

export function kindOf(part: string): SelectorKind {
  const m = /^(aria|text|xpath|pierce)\//.exec(part);
  return (m?.[1] as SelectorKind | undefined) ?? 'css';
}

/** `aria/Name[role="button"]` as name and role (the role is optional). */
export function parseAria(part: string): { name: string; role: string } {
  const m = /^aria\/(.*?)(?:\[role="([^"]+)"\])?$/.exec(part);
  return { name: m?.[1] ?? part.slice(5), role: m?.[2] ?? '' };
}

const within = (root: ParentNode, el: Element): boolean => root === el.getRootNode() || (root as Node).contains(el);

/** Every shadow root below `root` (open ones), including nested ones: what `pierce/` and `text/` search. */
function piercedRoots(root: ParentNode, scope: QueryScope): ParentNode[] {
  return [root, ...scope.shadowRoots.filter((sr) => sr !== root && within(root, sr.host))];
}

/** Innermost elements whose text holds `text` (Puppeteer's ::-p-text), through open shadow roots. */
function byText(root: ParentNode, text: string, scope: QueryScope): Element[] {
  const want = norm(text);
  if (!want) return [];
  const textOf = (el: Element) => norm((el as HTMLInputElement).value && /^(input|textarea)$/i.test(el.localName) ? (el as HTMLInputElement).value : (el.textContent ?? ''));
  const all = piercedRoots(root, scope).flatMap((r) => safeQuery(r, '*')).filter((el) => !/^(script|style|head|html|title)$/.test(el.localName));
  const hits = all.filter((el) => textOf(el).includes(want));
  const set = new Set(hits);
  return hits.filter((el) => !Array.from(el.children).some((c) => set.has(c)) && !(el.shadowRoot && hits.some((h) => h.getRootNode() === el.shadowRoot)));
}

/** Elements whose accessible name (and role, when given) is the aria/ selector's. */
function byAria(root: ParentNode, part: string, scope: QueryScope): Element[] {
  const { name, role } = parseAria(part);
  const want = norm(name);
  return scope.items
    .filter((it) => it.kind === 'el' && within(root, it.el))
    .filter((it) => (!role || it.role === role || sameRoleFamily(role, it.role)) && (norm(it.name) === want || norm(authoredName(it.el)) === want))
    .map((it) => it.el);
}

function queryPart(root: ParentNode, part: string, scope: QueryScope): Element[] {
  switch (kindOf(part)) {
    case 'aria':
      return byAria(root, part, scope);
    case 'text':
      return byText(root, part.slice(5), scope);
    case 'xpath': {
      const doc = root instanceof Document ? root : scope.doc;
      return xpathIn(doc, part.slice(6)).filter((el) => within(root, el));
    }
    case 'pierce':
      return piercedRoots(root, scope).flatMap((r) => safeQuery(r, part.slice(7)));
    default:
      return safeQuery(root, part);
  }
}

/**
 * All elements one Recorder selector matches, in document order. An array descends: each part is
 * searched in the shadow roots of what the previous part matched (Puppeteer's `>>>>`), or inside
 * the element itself when it has none, as Chrome's runner did.
 */
export function querySelectorAllRecorder(selector: RecorderSelector, scope: QueryScope): Element[] {
  const parts = Array.isArray(selector) ? selector : [selector];
  let roots: ParentNode[] = [scope.doc];
  let found: Element[] = [];
  for (const part of parts) {
    found = [...new Set(roots.flatMap((r) => queryPart(r, part, scope)))];
    roots = found.map((el) => el.shadowRoot ?? el);
    if (!found.length) break;
  }
  return found;
}
