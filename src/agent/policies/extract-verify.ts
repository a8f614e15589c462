import { keptText, writingOf, type Cell, type TableColumn } from '../../shared/table';

/**
 * Every value of an extracted row must be found in the page text it was read from: a value the
 * model made up (or "corrected") is refused, and the row with it, naming the value.
 */
export interface PageText {
  /** lower-cased, whitespace collapsed */
  hay: string;
  /** every number written on the page, thousands separators removed */
  numbers: Set<number>;
  /** the page text as written, where a number's currency or unit is read from */
  text: string;
  /** its lines as written, and as compared: where a row's line is looked for */
  lines: string[];
  normLines: string[];
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
  const lines = joined.split('\n');
  return { hay: norm(joined), numbers, text: joined, lines, normLines: lines.map(norm) };
}

/** `shown`: the page's own text for the value where it says more ("$383.12" for 383.12), else null. */
type Checked = { ok: true; value: Cell; shown: string | null } | { ok: false; why: string };

/** One cell against the page: found as written, or (for a number) as a number the page shows. */
export function checkCell(raw: Cell, column: TableColumn, page: PageText, line = ''): Checked {
  if (raw === null || (typeof raw === 'string' && !raw.trim())) return { ok: true, value: null, shown: null };
  const text = String(raw).trim();
  const written = page.hay.includes(norm(text));
  if (column.type !== 'number') {
    return written ? { ok: true, value: text, shown: null } : { ok: false, why: 'is not on the page' };
  }
  const n = typeof raw === 'number' ? raw : numberIn(text);
  if (n === null) return { ok: false, why: written ? 'is not one number' : 'is not on the page' };
  if (!written && !page.numbers.has(n)) return { ok: false, why: 'is not on the page' };
  // the model's copy when it kept more than the digits ("1,027.39 €"), else how the page writes the number
  const copied = written && typeof raw === 'string' && numberIn(text) === n && text !== String(n) && !/^-?[\d,.]+$/.test(text);
  // the row's own line first: "17" in stock, not the "$17.00" another row costs
  const writing = copied ? text : ((line && writingOf(line, n, text)) || writingOf(page.text, n, text));
  return { ok: true, value: n, shown: keptText(writing ?? (written ? text : ''), n) };
}

/** The page line that holds every text value of a row (a table row); '' when none does (values spread over lines). */
function rowLine(row: Cell[], columns: TableColumn[], page: PageText): string {
  const texts = row.filter((c, i) => columns[i]?.type !== 'number' && typeof c === 'string' && c.trim()).map((c) => norm(String(c)));
  if (!texts.length) return '';
  const at = page.normLines.findIndex((l) => texts.every((t) => l.includes(t)));
  return at < 0 ? '' : page.lines[at]!;
}

export interface VerifiedRows {
  rows: Cell[][];
  /** each kept row's page text, cell by cell (`ExtractedTable.shown`) */
  shown: (string | null)[][];
  /** one message per refused row, naming the value and its column */
  refused: string[];
}

/** Keeps the rows whose every value is on the page; `firstRow` numbers rows for the messages. */
export function verifyRows(rows: Cell[][], columns: TableColumn[], page: PageText, firstRow = 1): VerifiedRows {
  const out: VerifiedRows = { rows: [], shown: [], refused: [] };
  rows.forEach((row, r) => {
    const cells: Cell[] = [];
    const texts: (string | null)[] = [];
    const wrong: string[] = [];
    const line = rowLine(row, columns, page);
    columns.forEach((column, c) => {
      const checked = checkCell(row[c] ?? null, column, page, line);
      if (checked.ok) {
        cells.push(checked.value);
        texts.push(checked.shown);
      } else wrong.push(`${JSON.stringify(String(row[c]))} (${column.name}) ${checked.why}`);
    });
    if (wrong.length) out.refused.push(`row ${firstRow + r}: ${wrong.join('; ')}`);
    else {
      out.rows.push(cells);
      out.shown.push(texts);
    }
  });
  return out;
}
