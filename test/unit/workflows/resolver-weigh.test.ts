// The weighed decision (src/content/replay/weigh.ts): where the rules refuse, a candidate whose
// fitted chance reaches the threshold acts (a contradiction lowers a candidate, it does not drop
// it); where the rules act, a twin that differs only in place makes the step ask.
import { describe, expect, it } from 'vitest';
import type { Decision } from '../../../src/content/replay/decide';
import { WEIGHTS, type Scored, type Scores } from '../../../src/content/replay/evidence';
import { THRESHOLD, weigh, weighedRanking } from '../../../src/content/replay/weigh';
import type { Item } from '../../../src/content/page-model/walk';

function cand(label: string, scores: Scores): Scored {
  let total = 0;
  for (const [k, w] of Object.entries(WEIGHTS)) total += w * (scores[k as keyof Scores] ?? 0);
  return { item: { name: label, role: 'button' } as Item, scores, total, strategy: 'position' };
}
const refused: Decision = { ok: false, reason: 'disagree', message: 'the rules refused' };
const line = (s: Scored) => s.item.name;

describe('the weighed decision', () => {
  it('acts on a link whose address changed when its name, place, heading and landmark all agree', () => {
    const fashion = cand('Fashion', { name: 1, href: 0, structure: 1, position: 1, landmark: 1, heading: 1 });
    const other = cand('Home', { name: 0, href: 0, structure: 0.5, position: 0.4, landmark: 1, heading: 1 });
    expect(weighedRanking([other, fashion]).chance).toBeGreaterThanOrEqual(THRESHOLD);
    const r = weigh([fashion, other], refused, line);
    expect(r.ok && r.pick.item.name).toBe('Fashion');
  });

  it('acts on a nameless icon control by how it is built when its neighbours are built otherwise', () => {
    // an admin template's mailbox toolbar across two majors (bench/relocation/adminlte.json): the
    // icon buttons lost their names' only trace, and only the recorded one keeps its icon's words
    const toolbar = (look: number) => [
      cand('', { structure: 1, position: 0.9, heading: 1, look }),
      ...[0.87, 0.85, 0.74].map((position, i) => cand(`icon ${i}`, { structure: 0.65, position, heading: 1, look: 0.3 })),
    ];
    const built = toolbar(0.98);
    const r = weigh(built, refused, line);
    expect(r.ok && r.pick).toBe(built[0]);
    // the same toolbar with every button built alike: the place alone is not enough, the refusal stands
    expect(weigh(toolbar(0.3), refused, line)).toEqual(refused);
  });

  it('never acts by weighing on a candidate whose name shares no word with the recorded one, however well it sits in the slot', () => {
    // a "Delete" whose slot an "Archive" built the same way now holds: no evidence tells it from a relabel
    const inSlot = cand('Archive', { name: 0, structure: 1, position: 1, landmark: 1, heading: 1, look: 1 });
    expect(weighedRanking([inSlot]).chance).toBeGreaterThanOrEqual(THRESHOLD);
    expect(weigh([inSlot], refused, line)).toEqual(refused);
  });

  it('never chooses by place alone among look-alikes: the next card\'s "Add to cart" in the slot of a product that is gone', () => {
    const slot = cand('Add to cart', { name: 1, structure: 1, position: 1, landmark: 1, near: 0.3, look: 1 });
    const next = cand('Add to cart', { name: 1, structure: 0.6, position: 0.5, landmark: 1, near: 0.25, look: 1 });
    expect(weigh([slot, next], refused, line)).toEqual(refused);
    // the recorded product's own card in the slot, told apart by its words too: acted on
    const own = cand('Add to cart', { name: 1, structure: 1, position: 1, landmark: 1, near: 0.9, look: 1 });
    expect(weigh([own, next], refused, line).ok).toBe(true);
  });

  it('keeps the rules’ refusal, with its message, when the weighed lead is short', () => {
    const a = cand('Continue', { name: 1, structure: 0.6, landmark: 1 });
    const b = cand('Continue', { name: 1, structure: 0.5, landmark: 1 });
    expect(weigh([a, b], refused, line)).toEqual(refused);
  });

  it('asks when the rules’ pick has a twin that differs only in place, naming both', () => {
    const here = cand('© Crown copyright', { name: 1, href: 1, structure: 1, position: 1, landmark: 1 });
    const there = cand('© Crown copyright', { name: 1, href: 1, structure: 0.6, position: 0.2, landmark: 1 });
    const r = weigh([here, there], { ok: true, pick: here }, line);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.reason).toBe('ambiguous');
    // told apart by its row, the same pick stands
    const rowed = cand('Edit', { name: 1, row: 1, structure: 0.6 });
    expect(weigh([rowed, cand('Edit', { name: 1, row: 0, structure: 1 })], { ok: true, pick: rowed }, line).ok).toBe(true);
  });

  it('never acts on an element in another row than the recorded one', () => {
    const r = weigh([cand('Ivan Petrov', { name: 1, row: 0, heading: 1, structure: 1, position: 1, landmark: 1 })], refused, line);
    expect(r.ok).toBe(false);
  });
});
