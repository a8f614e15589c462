import { clip } from './dom';
import type { Region } from './geometry';
import { countTokens } from './tokens';
import type { Item } from './walk';

export interface Line {
  item: Item;
  text: string;
}

export interface Fitted {
  text: string;
  tokens: number;
  kept: Line[];
  truncated: boolean;
}

const STOP = new Set(['the', 'and', 'for', 'with', 'from', 'that', 'this', 'then', 'into', 'onto', 'your', 'you', 'are', 'all', 'any', 'please', 'find', 'click', 'select', 'enter', 'type', 'page', 'button', 'link', 'field']);

export function taskWords(task: string | undefined): string[] {
  if (!task) return [];
  const words = task.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words.filter((w) => !STOP.has(w)))];
}

/** Higher is kept first: what is on screen, what the task names, then what is near. */
function priority(item: Item, words: string[]): number {
  let p = item.region === 'in' ? 1000 : Math.max(0, 600 - item.dist / 10);
  if (words.length) {
    const hay = item.name.toLowerCase();
    const hits = words.filter((w) => hay.includes(w)).length;
    // the task outranks the viewport: a far-off field the task names beats on-screen filler
    if (hits) p += 1100 + 50 * hits;
  }
  if (item.kind === 'el' && item.role !== 'link') p += 40;
  if (item.heading) p += 60;
  return p;
}

const REGION_WORD: Record<Region, string> = { in: 'here', above: 'above', below: 'below', off: 'off screen' };
const MARKER: Record<Region, string> = {
  in: '-- in viewport --',
  above: '-- above viewport --',
  below: '-- below viewport --',
  off: '-- off screen (sideways) --',
};

function kindWord(item: Item): string {
  if (item.kind === 'text') return item.heading ? 'heading' : 'text';
  if (item.kind === 'frame') return 'frame';
  return item.role === 'generic' ? 'clickable' : item.role;
}

/** "(23 more links below: Home, About, …)": what a dropped run held, in a few words. */
function summary(run: Item[]): string {
  const counts = new Map<string, number>();
  for (const it of run) counts.set(kindWord(it), (counts.get(kindWord(it)) ?? 0) + 1);
  const regions = [...new Set(run.map((it) => REGION_WORD[it.region]))];
  const where = regions.length === 1 ? regions[0]! : `${regions[0]} to ${regions[regions.length - 1]}`;
  // element names say more than the first words of paragraphs, so they come first
  const named = [...run.filter((it) => it.kind !== 'text' && it.name), ...run.filter((it) => it.kind === 'text' && it.name)];
  const names = named.slice(0, 6).map((it) => clip(it.name, it.kind === 'text' ? 20 : 30));
  const tail = names.length ? `: ${names.join(', ')}${named.length > names.length ? ', …' : ''}` : '';
  if (counts.size === 1) {
    const [k] = [...counts.keys()];
    return `(${run.length} more ${plural(k!, run.length)} ${where}${tail})`;
  }
  const mix = [...counts].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n} ${plural(k, n)}`).join(', ');
  return `(${run.length} more ${where}: ${mix}${tail})`;
}

function plural(word: string, n: number): string {
  if (n === 1) return word;
  if (word === 'text') return 'texts';
  if (word.endsWith('x') || word.endsWith('ch')) return word + 'es';
  return word + 's';
}

/** Joins kept lines in document order, with region markers and a summary per dropped run. */
function render(lines: Line[], keep: Set<Line>): string {
  const out: string[] = [];
  let region: Region = 'in';
  let run: Item[] = [];
  const endRun = () => {
    if (run.length) out.push(summary(run));
    run = [];
  };
  for (const l of lines) {
    if (!keep.has(l)) {
      run.push(l.item);
      continue;
    }
    endRun();
    if (l.item.region !== region) {
      region = l.item.region;
      out.push(MARKER[region]);
    }
    out.push(l.text);
  }
  endRun();
  return out.join('\n');
}

/**
 * Fits the lines into the budget without ever cutting one: lines are taken whole in priority
 * order, the rest is summarized, and the exact token count of the result is checked until it
 * holds (summaries and markers cost tokens too).
 */
export function fit(lines: Line[], budget: number, task?: string): Fitted {
  const all = new Set(lines);
  const full = render(lines, all);
  if (budget <= 0) return { text: full, tokens: countTokens(full), kept: lines, truncated: false };
  // cheap upper bound first: a BPE token covers at least one character
  if (full.length <= budget) return { text: full, tokens: countTokens(full), kept: lines, truncated: false };
  // each line is counted once, however many attempts it takes to fit
  const costs = new Map<Line, number>();
  const costOf = (l: Line): number => {
    let c = costs.get(l);
    if (c === undefined) {
      c = countTokens(l.text) + 1;
      costs.set(l, c);
    }
    return c;
  };
  // Lines cost about what the whole text does; once the first ones are well past the budget the whole
  // cannot fit, and counting megabytes of text (100k links) only to learn that is skipped.
  let sum = 0;
  for (const l of lines) if ((sum += costOf(l)) > budget * 1.25) break;
  if (sum <= budget * 1.25) {
    const fullTokens = countTokens(full);
    if (fullTokens <= budget) return { text: full, tokens: fullTokens, kept: lines, truncated: false };
  }

  const words = taskWords(task);
  const ranked = lines.map((l, i) => ({ l, p: priority(l.item, words), i })).sort((a, b) => b.p - a.p || a.i - b.i);
  let target = Math.floor(budget * 0.85);
  for (let attempt = 0; attempt < 8; attempt++) {
    const keep = new Set<Line>();
    let used = 0;
    for (const { l } of ranked) {
      const cost = costOf(l);
      if (used + cost > target) continue;
      keep.add(l);
      used += cost;
      if (used >= target) break;
    }
    const text = render(lines, keep);
    const tokens = countTokens(text);
    if (tokens <= budget) {
      return { text, tokens, kept: lines.filter((l) => keep.has(l)), truncated: true };
    }
    target = Math.floor(target * Math.min(0.9, budget / tokens));
  }
  const text = render(lines, new Set());
  return { text: clip(text, budget), tokens: countTokens(clip(text, budget)), kept: [], truncated: true };
}
