// Near-namesakes (src/content/replay/namesake.ts) and a wordless name in another block
// (decide.ts `wordlessElsewhere`): an item whose name extends the recorded one is another thing,
// and a "×" elsewhere is another control's.
import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/content/replay/decide';
import { WEIGHTS, type Scored, type Scores } from '../../../src/content/replay/evidence';
import { BLOCK_NAME, namesake, ROW_NAME, rowNamesake } from '../../../src/content/replay/namesake';
import { weigh } from '../../../src/content/replay/weigh';
import type { Item } from '../../../src/content/page-model/walk';

const set = (s: string) => new Set(s.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean));
/** occurrences among two candidates' nearest blocks: each word around one of them */
const alone = { with: () => 1, of: 2 };

function cand(label: string, scores: Scores): Scored {
  let total = 0;
  for (const [k, w] of Object.entries(WEIGHTS)) total += w * (scores[k as keyof Scores] ?? 0);
  return { item: { name: label, role: 'button' } as Item, scores, total, strategy: 'position' };
}
const line = (s: Scored) => s.item.name;

describe('near-namesakes', () => {
  it('takes a name extended by a word of its own for another thing, whatever its price', () => {
    expect(namesake(set('iPhone 15 Pro $999'), set('iPhone 15 Pro Max $1199'), alone, BLOCK_NAME)).toBe(true);
    expect(namesake(set('Pro'), set('Pro Plus'), alone, BLOCK_NAME)).toBe(true);
  });

  it('keeps the same thing the same: a changed price, the same words, a name that lost a word', () => {
    expect(namesake(set('iPhone 15 Pro $999'), set('iPhone 15 Pro $949'), alone, BLOCK_NAME)).toBe(false);
    expect(namesake(set('Pro'), set('Pro'), alone, BLOCK_NAME)).toBe(false);
    expect(namesake(set('iPhone 15 Pro'), set('iPhone 15'), alone, BLOCK_NAME)).toBe(false);
  });

  it('does not read a menu that gained an entry as a namesake: its words are around every link of it', () => {
    const menu = { with: () => 4, of: 4 };
    expect(namesake(set('Docs Pricing'), set('Docs Pricing Blog'), menu, BLOCK_NAME)).toBe(false);
  });

  it('does not read a block that gained a sentence as a namesake: a name is a few words', () => {
    expect(namesake(set('Cookies'), set('Cookies we use to improve the site'), alone, BLOCK_NAME)).toBe(false);
  });
});

describe('near-namesake rows', () => {
  // a repository list of two rows, each with Edit and Delete: four row texts, two per row
  const rows = { with: (w: string) => (['acme', 'edit', 'delete'].includes(w) ? 4 : 2), of: 4 };

  it('takes a row whose item name gained a word for another item', () => {
    expect(rowNamesake(set('acme/api-server Public Edit'), set('acme/api-server-v2 Public Edit'), rows, ROW_NAME)).toBe(true);
  });

  it('keeps the recorded row when only what every row shares, or a number, changed', () => {
    expect(rowNamesake(set('acme/api-server Public Edit'), set('acme/api-server Public Edit'), rows, ROW_NAME)).toBe(false);
    expect(rowNamesake(set('acme/api-server Public Edit 3'), set('acme/api-server Public Edit 4'), rows, ROW_NAME)).toBe(false);
    expect(rowNamesake(set('acme/api-server Public Edit'), set('acme/api-server Public Edit Delete'), rows, ROW_NAME)).toBe(false);
  });

  it('does not read tabs that gained one as namesakes: each tab shares the others\' words', () => {
    const tabs = { with: () => 3, of: 4 };
    expect(rowNamesake(set('Past week Past month'), set('Past week Past month Past year'), tabs, ROW_NAME)).toBe(false);
  });
});

describe('a wordless name in another block', () => {
  it('refuses a toast × where a dialog × was, in the rules and in the weighing', () => {
    const x = cand('×', { name: 1, structure: 1, position: 0.85, near: 0, look: 1 });
    const rules = decide([x], line);
    expect(rules).toMatchObject({ ok: false, reason: 'disagree' });
    expect(weigh([x], rules, line).ok).toBe(false);
  });

  it('still acts on a named control whose block changed', () => {
    const logIn = cand('Log in', { name: 1, structure: 1, position: 0.85, near: 0, look: 1 });
    expect(decide([logIn], line)).toMatchObject({ ok: true });
  });
});
