import type { Cell, TableColumn } from '../../shared/table';

/**
 * Every value of an extracted row must be found in the page text it was read from: a value the
 * model made up (or "corrected") is refused, and the row with it, naming the value.
 */
export interface PageText {
  /** lower-cased, whitespace collapsed */
  hay: string;
  /** every number written on the page, thousands separators removed */
  numbers: Set<number>;
}

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();
const NUMBER = /-?\d[\d,]*(?:\.\d+)?|-?\.\d+/g;

/** Reads "$1,299.50", "1299.5", "4.5 stars" as a number; null when it holds no number or several. */
export function numberIn(text: string): number | null {
  const found = text.match(NUMBER) ?? [];
  if (found.length !== 1) return null;
  const n = Number(found[0]!.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

export function pageText(...texts: string[]): PageText {
  const joined = texts.join('\n');
  const numbers = new Set<number>();
  for (const m of joined.match(NUMBER) ?? []) {
    const n = Number(m.replace(/,/g, ''));
    if (Number.isFinite(n)) numbers.add(n);
  }
  return { hay: norm(joined), numbers };
}

type Checked = { ok: true; value: Cell } | { ok: false; why: string };

/** One cell against the page: found as written, or (for a number) as a number the page shows. */
export function checkCell(raw: Cell, column: TableColumn, page: PageText): Checked {
  if (raw === null || (typeof raw === 'string' && !raw.trim())) return { ok: true, value: null };
  const text = String(raw).trim();
  const written = page.hay.includes(norm(text));
  if (column.type !== 'number') {
    return written ? { ok: true, value: text } : { ok: false, why: 'is not on the page' };
  }
  const n = typeof raw === 'number' ? raw : numberIn(text);
  if (n === null) return { ok: false, why: written ? 'is not one number' : 'is not on the page' };
  return written || page.numbers.has(n) ? { ok: true, value: n } : { ok: false, why: 'is not on the page' };
}

export interface VerifiedRows {
  rows: Cell[][];
  /** one message per refused row, naming the value and its column */
  refused: string[];
}

/** Keeps the rows whose every value is on the page; `firstRow` numbers rows for the messages. */
export function verifyRows(rows: Cell[][], columns: TableColumn[], page: PageText, firstRow = 1): VerifiedRows {
  const out: VerifiedRows = { rows: [], refused: [] };
  rows.forEach((row, r) => {
    const cells: Cell[] = [];
    const wrong: string[] = [];
    columns.forEach((column, c) => {
      const checked = checkCell(row[c] ?? null, column, page);
      if (checked.ok) cells.push(checked.value);
      else wrong.push(`${JSON.stringify(String(row[c]))} (${column.name}) ${checked.why}`);
    });
    if (wrong.length) out.refused.push(`row ${firstRow + r}: ${wrong.join('; ')}`);
    else out.rows.push(cells);
  });
  return out;
}
