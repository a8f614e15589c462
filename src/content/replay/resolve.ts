import type { Fingerprint, MatchStrategy } from '../../shared/fingerprint';
import type { Resolution } from '../../workflows/replay/ports';
import { sameRoleFamily } from '../../workflows/replay/roles';
import { norm } from '../../workflows/text';
import { lineOf } from '../page-model/format';
import { idFor } from '../page-model/ids';
import { authoredName } from '../page-model/names';
import { isSecret } from '../page-model/secrets';
import { walkPage } from '../page-model/snapshot';
import type { Item } from '../page-model/walk';
import { contextOf } from './context';
import { safeQuery, searchRoots, xpathIn } from './roots';

/** Strategies a single unique match of which is trusted (with role and name agreeing). */
const STRONG = new Set<MatchStrategy>(['testId', 'domId', 'role+name', 'label', 'nameAttr']);

/**
 * CSS paths without an anchor, XPaths and positions all encode where the element sits in the
 * tree, so they are one piece of evidence, not several: on a page with reordered fields they
 * agree with each other about the wrong element.
 */
const evidenceOf = (s: MatchStrategy): string => (s === 'css' || s === 'xpath' || s === 'position' ? 'position' : s);

const attr = (name: string, value: string) => `[${name}="${value.replace(/["\\]/g, '\\$&')}"]`;

interface Vote {
  strategy: MatchStrategy;
  item: Item;
}

/**
 * Finds the recorded element on the live page, trying every strategy the fingerprint offers in
 * order of reliability, and acts only on agreement: one strong strategy with a unique match whose
 * role and name fit the recording, or two strategies that independently single out the same
 * element (and a role that fits). Strong strategies that single out different elements, several
 * matches that the recorded heading cannot tell apart, or a match by a weak strategy alone (text,
 * placeholder, CSS path, XPath, position) are reported, never acted on.
 */
export function resolveFingerprint(fp: Fingerprint): Resolution {
  const walked = walkPage();
  const items = walked.items.filter((it) => it.kind === 'el');
  const roots: (Document | ShadowRoot)[] = [...walked.docs, ...walked.shadowRoots];
  const byEl = new Map(items.map((it) => [it.el, it]));
  /** the interactive item an element belongs to (itself, or the control it sits in) */
  const itemOf = (el: Element): Item | undefined => {
    for (let e: Element | null = el; e; e = e.parentElement) {
      const it = byEl.get(e);
      if (it) return it;
    }
    return undefined;
  };
  const query = (css: string, where = roots) => unique(where.flatMap((r) => safeQuery(r, css)).map(itemOf));

  const candidates: [MatchStrategy, () => Item[]][] = [];
  if (fp.testId) {
    const [a, ...v] = fp.testId.split('=');
    candidates.push(['testId', () => query(attr(a ?? '', v.join('=')))]);
  }
  if (fp.domId) candidates.push(['domId', () => query(attr('id', fp.domId!))]);
  // a Chrome Recorder aria/ selector may give the name without a role: then any role with that name
  if (fp.name) candidates.push(['role+name', () => items.filter((it) => (!fp.role || sameRoleFamily(fp.role, it.role)) && norm(it.name) === norm(fp.name))]);
  if (fp.label) candidates.push(['label', () => items.filter((it) => norm(authoredName(it.el)) === norm(fp.label))]);
  if (fp.nameAttr) candidates.push(['nameAttr', () => query(attr('name', fp.nameAttr!))]);
  if (fp.text) candidates.push(['text', () => items.filter((it) => norm(it.text ?? it.name) === norm(fp.text))]);
  if (fp.placeholder) candidates.push(['placeholder', () => query(attr('placeholder', fp.placeholder!))]);
  if (fp.css) candidates.push(['css', () => query(fp.css, searchRoots(fp, roots))]);
  if (fp.xpath) candidates.push(['xpath', () => unique(walked.docs.flatMap((d) => xpathIn(d, fp.xpath)).map(itemOf))]);
  if (fp.rect && !fp.frames.length) candidates.push(['position', () => atPoint(fp.rect!, itemOf)]);

  const votes: Vote[] = [];
  let crowded: MatchStrategy | undefined;
  for (const [strategy, find] of candidates) {
    let found = find();
    if (found.length > 1 && fp.context) found = found.filter((it) => norm(contextOf(it.el)) === norm(fp.context));
    if (found.length === 1) votes.push({ strategy, item: found[0]! });
    else if (found.length > 1) crowded ??= strategy;
  }
  if (!votes.length) {
    return crowded
      ? { ok: false, reason: 'ambiguous', message: `several elements match by ${crowded} and nothing recorded tells them apart` }
      : { ok: false, reason: 'not_found', message: 'no element on the page matches the recording' };
  }
  const strong = votes.filter((v) => STRONG.has(v.strategy));
  const strongEls = new Set(strong.map((v) => v.item));
  if (strongEls.size > 1) {
    return { ok: false, reason: 'ambiguous', message: `${strong.map((v) => v.strategy).join(', ')} point at different elements` };
  }
  const count = (it: Item) => new Set(votes.filter((v) => v.item === it).map((v) => evidenceOf(v.strategy))).size;
  let pick = strong[0];
  if (!pick) {
    const best = votes.reduce((a, b) => (count(b.item) > count(a.item) ? b : a));
    if (count(best.item) < 2) return { ok: false, reason: 'weak', message: `only ${votes.map((v) => v.strategy).join(' and ')} matched, which is not enough to act on` };
    if (new Set(votes.map((v) => v.item)).size > 1) return { ok: false, reason: 'ambiguous', message: 'weak strategies point at different elements' };
    pick = votes.find((v) => v.item === best.item)!;
  }
  const it = pick.item;
  if (fp.role && !sameRoleFamily(fp.role, it.role)) {
    return { ok: false, reason: 'disagree', message: `${pick.strategy} found a ${it.role}, but a ${fp.role} was recorded` };
  }
  // A recorded name must be found again: an element under the same id or path that now says
  // something else ("Delete account" where "Sign in" was) is for the model and the person to judge.
  const nameFits = !fp.name || norm(it.name) === norm(fp.name) || (!!fp.label && norm(authoredName(it.el)) === norm(fp.label));
  if (!nameFits) {
    return { ok: false, reason: 'disagree', message: `${pick.strategy} found "${it.name}", but "${fp.name}" was recorded` };
  }
  const id = it.id || idFor(it.el);
  const type = (it.el as HTMLInputElement).type;
  return {
    ok: true,
    id,
    strategy: pick.strategy,
    tag: it.el.localName,
    role: it.role,
    name: it.name,
    ...(it.el.localName === 'input' && type ? { inputType: type } : {}),
    secret: isSecret(it.el, it.name),
    line: lineOf(it),
  };
}

function unique(items: (Item | undefined)[]): Item[] {
  return [...new Set(items.filter((x): x is Item => !!x))];
}

function atPoint(rect: NonNullable<Fingerprint['rect']>, itemOf: (el: Element) => Item | undefined): Item[] {
  // recorded in viewport pixels; after any scroll this is only a hint, which is why it is weak
  const x = rect.x + rect.w / 2;
  const y = rect.y + rect.h / 2;
  if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return [];
  const el = document.elementFromPoint(x, y);
  const it = el && itemOf(el);
  return it ? [it] : [];
}
