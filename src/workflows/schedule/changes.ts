import type { Cell, ExtractedTable } from '../../shared/table';
import type { RunResult } from '../../shared/schedule';

/** How many changes a notification names before "and N more". */
const SHOWN = 3;
const MAX_LINES = 400;
const MAX_LINE = 200;

export const resultFromTable = (t: ExtractedTable): RunResult => ({ kind: 'table', title: t.title, columns: t.columns.map((c) => c.name), rows: t.rows, ...(t.shown ? { shown: t.shown } : {}) });

/**
 * A page's text as the page model wrote it, without what changes from one load to the next while
 * the page does not: element ids, "new" marks, positions relative to the viewport, blank lines. Capped, so a long page does not
 * make every stored schedule large.
 */
export function resultFromPageText(text: string): RunResult {
  const lines = text
    .split('\n')
    .map((l) => l.replace(/^\(new\) /, '').replace(/ (id=\d+|new|at=[a-z-]+)(?=[ >])/g, '').replace(/\s+/g, ' ').trim())
    // where the viewport was and what the budget left out say nothing about the page's data
    .filter((l) => l && !/^-- .* --$/.test(l) && !/^\(\d+ more .*\)$/.test(l))
    .map((l) => (l.length > MAX_LINE ? `${l.slice(0, MAX_LINE)}…` : l));
  return { kind: 'text', lines: lines.slice(0, MAX_LINES) };
}

export interface Change {
  changed: boolean;
  /** one sentence for the notification */
  summary: string;
  /** each change in words */
  details: string[];
}

const cell = (c: Cell | undefined) => (c === null || c === undefined || c === '' ? '(empty)' : String(c));

type TableResult = Extract<RunResult, { kind: 'table' }>;

/** A cell as the page showed it ("$383.12"), else its value; a result kept before page text was kept has only values. */
const shownOf = (t: TableResult, r: number, i: number) => {
  const kept = t.shown?.[r]?.[i];
  return typeof kept === 'string' && t.rows[r]?.[i] !== null ? kept : cell(t.rows[r]?.[i]);
};

/**
 * Rows are matched by their first column (a product's name), so a reordered table is not a
 * change. Values are compared (a result from before page text was kept compares the same), and
 * said as the page shows them.
 */
function tableChanges(a: TableResult, b: TableResult): string[] {
  const key = (r: Cell[]) => cell(r[0]);
  const before = new Map(a.rows.map((r, n) => [key(r), n]));
  const after = new Map(b.rows.map((r, n) => [key(r), n]));
  const out: string[] = [];
  for (const [k, n] of after) {
    const row = b.rows[n]!;
    const old = before.get(k);
    if (old === undefined) {
      out.push(`new row: ${row.map((_, i) => shownOf(b, n, i)).join(', ')}`);
      continue;
    }
    b.columns.forEach((col, i) => {
      const j = a.columns.indexOf(col);
      if (i > 0 && cell(a.rows[old]![j]) !== cell(row[i])) out.push(`${k}: ${col} ${j < 0 ? '(empty)' : shownOf(a, old, j)} → ${shownOf(b, n, i)}`);
    });
  }
  for (const [k] of before) if (!after.has(k)) out.push(`row gone: ${k}`);
  return out;
}

function textChanges(a: string[], b: string[]): string[] {
  const before = new Set(a);
  const after = new Set(b);
  return [...b.filter((l) => !before.has(l)).map((l) => `new: “${l}”`), ...a.filter((l) => !after.has(l)).map((l) => `gone: “${l}”`)];
}

/** What changed between the last run's result and this one's, in plain words. */
export function compareResults(previous: RunResult | undefined, next: RunResult): Change {
  if (!previous) return { changed: false, summary: 'First result kept; the next run is compared with it.', details: [] };
  if (previous.kind !== next.kind) return { changed: true, summary: next.kind === 'table' ? 'The run now reads a table where it read page text.' : 'The run no longer reads a table.', details: [] };
  const details = next.kind === 'table' ? tableChanges(previous as typeof next, next) : textChanges((previous as typeof next).lines, next.lines);
  if (!details.length) return { changed: false, summary: 'No change since the last run.', details };
  const more = details.length > SHOWN ? `, and ${details.length - SHOWN} more` : '';
  return { changed: true, summary: `${details.length} change${details.length === 1 ? '' : 's'}: ${details.slice(0, SHOWN).join('; ')}${more}.`, details };
}
