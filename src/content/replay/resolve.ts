import type { Fingerprint } from '../../shared/fingerprint';
import type { Resolution } from '../../workflows/replay/ports';
import { lineOf } from '../page-model/format';
import { idFor } from '../page-model/ids';
import { isSecret } from '../page-model/secrets';
import { walkPage } from '../page-model/snapshot';
import type { Item } from '../page-model/walk';
import { candidatesFor } from './candidates';
import { decide } from './decide';
import { score, type Facts, type Scored } from './evidence';
import { headingsOf, pathFinder } from './page-facts';
import { safeQuery, searchRoots } from './roots';

/**
 * Finds the recorded element on the live page. Every candidate of the recorded kind is scored on
 * all the recorded evidence (name, identity attributes, address, structure, position, heading,
 * landmark, row) and the best is acted on only when it wins by a clear margin and no recorded
 * evidence points consistently at another element (decide.ts). Everything else is reported, with
 * the candidates involved, for healing.
 */
export function resolveFingerprint(fp: Fingerprint): Resolution {
  const ranked = rankCandidates(fp);
  if (!ranked.length) return { ok: false, reason: 'not_found', message: 'no element on the page matches the recording' };
  const decision = decide(ranked, (s) => lineOf(s.item));
  if (!decision.ok) return decision;
  const { item: it, strategy } = decision.pick;
  const type = (it.el as HTMLInputElement).type;
  return {
    ok: true,
    id: it.id || idFor(it.el),
    strategy,
    tag: it.el.localName,
    role: it.role,
    name: it.name,
    ...(it.el.localName === 'input' && type ? { inputType: type } : {}),
    secret: isSecret(it.el, it.name),
    line: lineOf(it),
  };
}

/** Every candidate of the recorded kind, scored, best first. */
export function rankCandidates(fp: Fingerprint): Scored[] {
  const walked = walkPage();
  const candidates = candidatesFor(fp, walked);
  const facts = factsFor(fp, candidates, [...walked.docs, ...walked.shadowRoots]);
  return candidates.map((it) => score(fp, it, facts)).sort((a, b) => b.total - a.total);
}

function factsFor(fp: Fingerprint, candidates: Item[], roots: (Document | ShadowRoot)[]): Facts {
  const els = new Set(candidates.map((it) => it.el));
  // the recorded CSS path counts for the candidate it singles out (or the control it sits in)
  const hits = fp.css ? searchRoots(fp, roots).flatMap((r) => safeQuery(r, fp.css)) : [];
  const owner = (el: Element) => {
    for (let e: Element | null = el; e; e = e.parentElement) if (els.has(e)) return e;
    return undefined;
  };
  const byCss = hits.length === 1 ? owner(hits[0]!) : undefined;
  const nameAttrCount = fp.nameAttr ? candidates.filter((it) => it.el.getAttribute('name') === fp.nameAttr).length : 0;
  return { pathOf: pathFinder(), headingOf: headingsOf(candidates.map((it) => it.el)), byCss, nameAttrCount };
}
