import { z } from 'zod';

/**
 * A table of data read off web pages by the EXTRACT policy: the columns the planner or the person
 * asked for, and rows whose every value was found in the page text it came from.
 */
export const ColumnType = z.enum(['text', 'number', 'date', 'url']);
export type ColumnType = z.infer<typeof ColumnType>;

export const TableColumn = z.object({ name: z.string().min(1), type: ColumnType.default('text') });
export type TableColumn = z.infer<typeof TableColumn>;

/** One cell: text as the page shows it, a number read from it, or null where the row has no value. */
export const Cell = z.union([z.string(), z.number(), z.null()]);
export type Cell = z.infer<typeof Cell>;

export const ExtractedTable = z.object({
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
});
export type ExtractedTable = z.infer<typeof ExtractedTable>;

function cellText(cell: Cell): string {
  return cell === null ? '' : String(cell);
}

/** CSV as RFC 4180 has it: a field with a comma, quote or line break is quoted, quotes doubled. */
export function toCsv(table: ExtractedTable): string {
  const field = (s: string) => (/[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [table.columns.map((c) => field(c.name)), ...table.rows.map((r) => r.map((c) => field(cellText(c))))];
  return lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

/** Tab-separated, which spreadsheets take from the clipboard; tabs and line breaks inside values become spaces. */
export function toTsv(table: ExtractedTable): string {
  const field = (s: string) => s.replace(/[\t\r\n]+/g, ' ');
  const lines = [table.columns.map((c) => field(c.name)), ...table.rows.map((r) => r.map((c) => field(cellText(c))))];
  return lines.map((l) => l.join('\t')).join('\n') + '\n';
}

/** One object per row, keyed by column name, numbers as numbers. */
export function toJson(table: ExtractedTable): string {
  const rows = table.rows.map((r) => Object.fromEntries(table.columns.map((c, i) => [c.name, r[i] ?? null])));
  return JSON.stringify(rows, null, 2) + '\n';
}
