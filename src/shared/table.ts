import { z } from 'zod';
import { lazy } from './lazy';

/**
 * A table of data read off web pages by the EXTRACT policy: the columns the planner or the person
 * asked for, and rows whose every value was found in the page text it came from.
 */
export const ColumnType = lazy(() => z.enum(['text', 'number', 'date', 'url']));
export type ColumnType = z.infer<typeof ColumnType>;

export const TableColumn = lazy(() => z.object({ name: z.string().min(1), type: ColumnType.default('text') }));
export type TableColumn = z.infer<typeof TableColumn>;

/** One cell: text as the page shows it, a number read from it, or null where the row has no value. */
export const Cell = lazy(() => z.union([z.string(), z.number(), z.null()]));
export type Cell = z.infer<typeof Cell>;

/**
 * How the rows of an extraction sit in the page model, so a replay can read them again without a
 * model: each row is one text line of `cellCount` cells joined with " | " (a table row), and
 * column i is cell `cells[i]`. `next` names the control that showed the next page.
 */
export const ExtractRecipe = lazy(() => z.object({
  cellCount: z.number().int().min(2),
  cells: z.array(z.number().int().min(0)),
  /** the table's header line, which has the row's shape but is not a row */
  header: z.string().default(''),
  /** the words of the next-page control; empty when the data was on one page */
  next: z.string().default(''),
}));
export type ExtractRecipe = z.infer<typeof ExtractRecipe>;

export const ExtractedTable = lazy(() => z.object({
  /** what was extracted, in the planner's words */
  title: z.string(),
  columns: z.array(TableColumn).min(1),
  rows: z.array(z.array(Cell)),
  /** the address of the first page read */
  url: z.string().default(''),
  /** how many pages were read (pagination) */
  pages: z.number().int().nonnegative().default(1),
  /** columns no row could fill: the schema asked for something the page does not show */
  unfilled: z.array(z.string()).default([]),
  /** values the model gave that are not on the page, refused with where they were meant to go */
  refused: z.array(z.string()).default([]),
  /** where the rows were on the page, when they were table rows: a replay reads them again with it */
  recipe: ExtractRecipe.optional(),
  /**
   * The page's own text of each cell, row by row, where it says more than the value: "$383.12"
   * beside the number 383.12, "1,027.39 €" beside 1027.39; null where the value is the text
   * itself. The panel shows it; sorting and sums use the value. Tables kept before it existed
   * have none, and one that does not parse is dropped rather than the table (`shownCell` falls
   * back to the value).
   */
  shown: z.array(z.array(z.string().nullable())).optional().catch(undefined),
}));
export type ExtractedTable = z.infer<typeof ExtractedTable>;

/**
 * A value as it may go into a file or the clipboard a spreadsheet opens (CSV, TSV): text a page
 * wrote must never run there as a formula. As OWASP's rule for CSV injection has it, text that
 * begins with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'`, so the
 * spreadsheet shows it as text (`=HYPERLINK(...)` stays those characters, never a link that
 * sends the sheet's cells away).
 *
 * Left as they are, although OWASP would mark them too: numbers this table holds as numbers
 * (we wrote them, from a number), and text that is nothing but a plain number ("-12.5",
 * "-1,299.50", "-3,5"): a minus, digits, commas and one decimal point, with no operator or
 * function a spreadsheet could run. People extract prices and balances to add them up; a `'`
 * would make every negative one text. "-2+3" or "-1e5" are not plain numbers and are marked.
 * Every writer of CSV or TSV goes through here; the table shown in the panel does not.
 */
export function spreadsheetText(cell: Cell): string {
  if (cell === null) return '';
  if (typeof cell === 'number' && Number.isFinite(cell)) return String(cell);
  const text = String(cell);
  return /^[=+\-@\t\r]/.test(text) && !/^-\d[\d,]*(?:\.\d+)?$/.test(text) ? `'${text}` : text;
}

/** The text a person saw on the page for a cell: the page's own writing when it was kept, else the value. */
export function shownCell(table: Pick<ExtractedTable, 'rows' | 'shown'>, r: number, c: number): string {
  const value = table.rows[r]?.[c] ?? null;
  const shown = table.shown?.[r]?.[c];
  return typeof shown === 'string' && value !== null ? shown : value === null ? '' : String(value);
}

/** The page text kept beside a value: null where it says no more than the value's own text. */
export function keptText(text: string, value: Cell): string | null {
  const t = text.replace(/\s+/g, ' ').trim();
  return value === null || !t || t === String(value) ? null : t;
}

const NUMBER_TEXT = /-?\d[\d,]*(?:\.\d+)?|-?\.\d+/g;
/** What a page writes around a number to say what it counts: a currency ("$", "US$", "EUR "), a per cent, a unit code. */
const UNIT_BEFORE = /[-−]?(?:[A-Z]{0,2}\p{Sc}|\b[A-Z]{3}) ?$/u;
const UNIT_AFTER = /^ ?(?:\p{Sc}|%|[A-Z]{3}\b)/u;

/**
 * How a page writes the number `n`: "$383.12", "1,027.39 €", "12 %", or the digits as written
 * ("1,299.50"); null when the text does not show it. `copied` is the model's text for it: where
 * the page writes those very digits bare (a stock of 17 beside a price of "$17.00" elsewhere),
 * that is the writing; else one with its currency or unit is preferred to a bare one.
 */
export function writingOf(text: string, n: number, copied = String(n)): string | null {
  let bare: string | null = null;
  let unit: string | null = null;
  for (const m of text.matchAll(NUMBER_TEXT)) {
    if (Number(m[0].replace(/,/g, '')) !== n) continue;
    const at = m.index ?? 0;
    const before = UNIT_BEFORE.exec(text.slice(Math.max(0, at - 5), at))?.[0] ?? '';
    const after = UNIT_AFTER.exec(text.slice(at + m[0].length, at + m[0].length + 5))?.[0] ?? '';
    if (!before && !after && m[0] === copied) return m[0];
    if (before || after) unit ??= `${before}${m[0]}${after}`;
    else bare ??= m[0];
  }
  return unit ?? bare;
}

/**
 * The currency or unit a number's page text names ("$", "US$", "€", "EUR", "%"); '' for none.
 * Other words beside it ("123 reviews", "4.5 stars") name no unit a header needs.
 */
function unitOf(text: string): string {
  const rest = text.replace(NUMBER_TEXT, ' ').replace(/[-−]/g, '').replace(/\s+/g, ' ').trim();
  return /^(?:[A-Z]{0,2}\p{Sc}|[A-Z]{3}|%)$/u.test(rest) ? rest : '';
}

interface FileColumn {
  header: string;
  cell: (r: number) => Cell;
}

/**
 * A table's columns as files and the clipboard get them. A person pastes a table into a
 * spreadsheet to add it up and sort it, so a number column stays numbers there, and the currency
 * or unit its page text shares goes into the header ("price ($)"): "$383.12" in a cell would be
 * text to a spreadsheet in many locales, and a sum over it nothing. Where the page text of one
 * column names different currencies or units ("$383.12" and "1,027.39 €"), a sum would be wrong
 * and the number alone would hide the difference: that column keeps the page's text.
 */
function fileColumns(table: ExtractedTable): FileColumn[] {
  return table.columns.map((column, c) => {
    const asValue: FileColumn = { header: column.name, cell: (r) => table.rows[r]?.[c] ?? null };
    if (column.type !== 'number' || !table.shown) return asValue;
    const units = new Set(table.rows.flatMap((row, r) => (typeof row[c] === 'number' ? [unitOf(shownCell(table, r, c))] : [])));
    const [unit = ''] = units;
    if (units.size <= 1) return unit ? { ...asValue, header: `${column.name} (${unit})` } : asValue;
    return { header: column.name, cell: (r) => (table.rows[r]?.[c] === null ? null : shownCell(table, r, c)) };
  });
}

function fileLines(table: ExtractedTable, field: (c: Cell) => string): string[][] {
  const columns = fileColumns(table);
  return [columns.map((c) => field(c.header)), ...table.rows.map((_, r) => columns.map((c) => field(c.cell(r))))];
}

/** CSV as RFC 4180 has it: a field with a comma, quote or line break is quoted, quotes doubled; formulas made text first. */
export function toCsv(table: ExtractedTable): string {
  const field = (c: Cell) => {
    const s = spreadsheetText(c);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return fileLines(table, field).map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/**
 * Tab-separated, which spreadsheets take from the clipboard; formulas made text first, then tabs
 * and line breaks inside values become spaces.
 */
export function toTsv(table: ExtractedTable): string {
  const field = (c: Cell) => spreadsheetText(c).replace(/[\t\r\n]+/g, ' ');
  return fileLines(table, field).map((l) => l.join('\t')).join('\n') + '\n';
}

/**
 * One object per row, keyed by column name (not the header a spreadsheet gets: a program reads
 * the keys), numbers as numbers; a column whose page text names different currencies or units
 * keeps that text, as in the CSV.
 */
export function toJson(table: ExtractedTable): string {
  const columns = fileColumns(table);
  const rows = table.rows.map((_, r) => Object.fromEntries(table.columns.map((c, i) => [c.name, columns[i]!.cell(r)])));
  return JSON.stringify(rows, null, 2) + '\n';
}

/** The cells of a page model text line that is a table row ("a | b | c"), or null. */
export function rowCells(line: string): string[] | null {
  const text = line.trim().replace(/^\(new\) /, '');
  if (/^<[\w-]+ id=\d+/.test(text) || !text.includes(' | ')) return null;
  return text.split(' | ').map((c) => c.trim());
}

/** A number as a page writes it ("$1,299.50", "4.5"); null when the text holds no number or several. */
export function numberInText(text: string): number | null {
  const found = text.match(/-?\d[\d,]*(?:\.\d+)?|-?\.\d+/g) ?? [];
  if (found.length !== 1) return null;
  const n = Number(found[0]!.replace(/,/g, ''));
  return Number.isFinite(n) ? n : null;
}

/** The rows a recipe finds in a page model text, typed as the columns say; rows whose numbers do not read are left out. */
export function rowsByRecipe(text: string, recipe: ExtractRecipe, columns: TableColumn[]): Cell[][] {
  return readByRecipe(text, recipe, columns).rows;
}

/** The rows a recipe finds, and each cell's page text beside them (`ExtractedTable.shown`). */
export function readByRecipe(text: string, recipe: ExtractRecipe, columns: TableColumn[]): { rows: Cell[][]; shown: (string | null)[][] } {
  const rows: Cell[][] = [];
  const shown: (string | null)[][] = [];
  for (const line of text.split('\n')) {
    const cells = rowCells(line);
    if (!cells || cells.length !== recipe.cellCount || (recipe.header && cells.join(' | ') === recipe.header)) continue;
    const row: Cell[] = columns.map((c, i) => {
      const cell = cells[recipe.cells[i] ?? -1] ?? '';
      if (!cell) return null;
      return c.type === 'number' ? numberInText(cell) : cell;
    });
    if (!columns.every((c, i) => c.type !== 'number' || row[i] !== null || !cells[recipe.cells[i] ?? -1])) continue;
    rows.push(row);
    shown.push(row.map((value, i) => keptText(cells[recipe.cells[i] ?? -1] ?? '', value)));
  }
  return { rows, shown };
}
