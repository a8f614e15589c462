import type { Resolution } from '../../workflows/replay/ports';
import { agrees, contradicts, PLACE, type Scored } from './evidence';

/** How far ahead of the runner-up the best candidate must be (a recorded name alone weighs 3). */
export const MARGIN = 1;

type Refusal = Extract<Resolution, { ok: false }>;
export type Decision = { ok: true; pick: Scored } | Refusal;

/**
 * Another address, for the rules: a link whose file moved to another folder (href 0.5) or that has
 * no address where one was recorded (0.4) counts as one too. Only the fitted weighing (weigh.ts),
 * which sees whether its place agrees, acts on such a link.
 */
const otherAddress = (s: Scored['scores']) => s.href !== undefined && s.href <= 0.5;
const placeAgreeing = (s: Scored) => PLACE.filter((k) => agrees(s.scores, k)).length;
const placeContradicting = (s: Scored) => PLACE.filter((k) => contradicts(s.scores, k)).length;

/**
 * A candidate whose name has no words ("×", "+", "…") in a block that shares nothing with the
 * recorded one: such a name says what the control does, not whose it is (a toast's × where a
 * dialog's was), so the block around it must not speak against it.
 */
export const wordlessElsewhere = (s: Scored) => contradicts(s.scores, 'near') && !/[\p{L}\p{N}]/u.test(s.item.name);

/**
 * What singles the best candidate out. Its recorded name; or an identity attribute (test id, id,
 * unique name attribute); or a close name where it also sits where it was recorded; or, for a
 * relabelled link, the same address at the same place. Anything less is too weak to act on.
 */
function anchored(b: Scored): boolean {
  const s = b.scores;
  if (s.name === 1) return true;
  const placed = placeAgreeing(b) >= 1 && !otherAddress(s);
  if (agrees(s, 'identity') && (s.name === undefined || s.name >= 0.6 || placeAgreeing(b) >= 2)) return true;
  if ((s.name ?? 0) >= 0.6 && placed) return true;
  return s.href === 1 && agrees(s, 'structure') && placeAgreeing(b) >= 3 && !contradicts(s, 'heading');
}

/**
 * Acts only on a clear winner that no recorded evidence speaks against. Refused: a best
 * candidate that nothing strong singles out; one whose test id or address contradicts the
 * recording; a runner-up within the margin; and, the rule that keeps replay from a confident
 * wrong click, another element that sits consistently where the recorded one was (its structure,
 * position, heading, landmark, row and address agree, nothing of its place disagrees) while the
 * best was chosen by its name, or another element that carries the recorded name while the best
 * was chosen by its place. Refusals name both candidates, for the model and the person.
 */
export function decide(scored: Scored[], line: (s: Scored) => string): Decision {
  // a link to another address, or an element with another test id, is another element: not a rival;
  // one whose context names another thing (a dialog about another file, another amount) is not one either
  const ranked = scored.filter((s) => !otherAddress(s.scores) && !contradicts(s.scores, 'identity') && !s.against);
  const [b, r] = ranked;
  if (!b) return { ok: false, reason: 'not_found', message: scored.length ? notFound(scored[0]!, line) : 'no element on the page matches the recording' };
  // one that fits the recording as well or better but whose context names another thing says the
  // recording points there: the one behind it is not the recorded element for being left
  const refused = scored.find((s) => s.against && s.total > b.total - MARGIN);
  if (refused) return { ok: false, reason: 'disagree', message: `${line(b)} fits the recording less well than ${line(refused)}, and ${refused.against}` };
  if (!anchored(b)) {
    return { ok: false, reason: 'weak', message: `the closest element, ${line(b)}, matches too little of the recording to act on` };
  }
  // its own id (or test id, or a name attribute no other control has) and its recorded name, when no
  // rival has either id: an id is one element's in a page, and a twin beside it is another
  if (b.scores.identity === 1 && b.scores.name === 1 && !contradicts(b.scores, 'row') && !ranked.some((x) => x !== b && x.scores.identity === 1)) return { ok: true, pick: b };
  const settled = inPlaceWithName(ranked);
  if (settled) return { ok: true, pick: settled };
  if (contradicts(b.scores, 'row')) {
    return { ok: false, reason: 'disagree', message: `${line(b)} fits the recording, but it is in another row or item than the one recorded` };
  }
  if (wordlessElsewhere(b)) {
    return { ok: false, reason: 'disagree', message: `${line(b)} carries the recorded sign, but the text around it is not the text recorded around the element` };
  }
  if (r && b.total - r.total < MARGIN) {
    return { ok: false, reason: 'ambiguous', message: `${line(b)} and ${line(r)} both fit the recording and nothing recorded tells them apart` };
  }
  const here = placeAgreeing(b);
  // consistently elsewhere: at the recorded place, nothing of its place disagreeing, and agreeing
  // on something (landmark, heading, row, position, address) that the best contradicts
  const inPlace = ranked.find(
    (x) => x !== b && agrees(x.scores, 'structure') && placeContradicting(x) === 0 && placeAgreeing(x) >= 2 && placeAgreeing(x) > here && PLACE.some((k) => agrees(x.scores, k) && contradicts(b.scores, k)),
  );
  if (inPlace) {
    return { ok: false, reason: 'disagree', message: `${line(b)} carries the recorded name, but ${line(inPlace)} sits where the recorded element was` };
  }
  const named = b.scores.name !== 1 && ranked.find((x) => x !== b && x.scores.name === 1);
  if (named) {
    return { ok: false, reason: 'disagree', message: `${line(b)} sits where the recorded element was, but ${line(named)} carries its name` };
  }
  return { ok: true, pick: b };
}

const notFound = (s: Scored, line: (s: Scored) => string) =>
  s.against ? `${line(s)} fits the recording, but ${s.against}` : `only elements with another address or test id, such as ${line(s)}`;

/**
 * The one element that sits where the recorded one was (its path agrees, two or more place kinds
 * agree, none disagrees) and still carries every recorded word in its name ("Acme" became "Acme
 * Work, in step"), when each rival that fits as well by its name is elsewhere on a kind where this
 * one agrees (a same-named link in the footer). A renamed element whose old name now belongs to
 * another is not this: its name no longer carries the recorded words.
 */
function inPlaceWithName(ranked: Scored[]): Scored | undefined {
  const fits = (x: Scored) => agrees(x.scores, 'structure') && placeContradicting(x) === 0 && placeAgreeing(x) >= 2 && (x.scores.name ?? 0) >= 0.6 && !contradicts(x.scores, 'row') && !wordlessElsewhere(x);
  const placed = ranked.filter(fits);
  if (placed.length !== 1) return undefined;
  const p = placed[0]!;
  const elsewhere = (x: Scored) => PLACE.some((k) => agrees(p.scores, k) && contradicts(x.scores, k));
  const rivals = ranked.filter((x) => x !== p && ((x.scores.name ?? 0) >= 0.6 || p.total - x.total < MARGIN));
  return rivals.every(elsewhere) ? p : undefined;
}
