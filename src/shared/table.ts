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

/** CSV as RFC 4180 has it: a field with a comma, quote or line break is quoted, quotes doubled; formulas made text first. */
export function toCsv(table: ExtractedTable): string {
  const field = (c: Cell) => {
    const s = spreadsheetText(c);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  const lines = [table.columns.map((c) => field(c.name)), ...table.rows.map((r) => r.map(field))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/**
 * Tab-separated, which spreadsheets take from the clipboard; formulas made text first, then tabs
 * and line breaks inside values become spaces.
 */
export function toTsv(table: ExtractedTable): string {
  const field = (c: Cell) => spreadsheetText(c).replace(/[\t\r\n]+/g, ' ');
  const lines = [table.columns.map((c) => field(c.name)), ...table.rows.map((r) => r.map(field))];
  return lines.map((l) => l.join('\t')).join('\n') + '\n';
}

/** One object per row, keyed by column name, numbers as numbers. */
export function toJson(table: ExtractedTable): string {
  const rows = table.rows.map((r) => Object.fromEntries(table.columns.map((c, i) => [c.name, r[i] ?? null])));
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
  const rows: Cell[][] = [];
  for (const line of text.split('\n')) {
    const cells = rowCells(line);
    if (!cells || cells.length !== recipe.cellCount || (recipe.header && cells.join(' | ') === recipe.header)) continue;
    const row: Cell[] = columns.map((c, i) => {
      const cell = cells[recipe.cells[i] ?? -1] ?? '';
      if (!cell) return null;
      return c.type === 'number' ? numberInText(cell) : cell;
    });
    if (columns.every((c, i) => c.type !== 'number' || row[i] !== null || !cells[recipe.cells[i] ?? -1])) rows.push(row);
  }
  return rows;
}
