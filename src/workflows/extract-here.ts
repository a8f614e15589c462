import { numberInText, rowCells, rowsByRecipe, type TableColumn } from '../shared/table';
import type { ExtractStepAction } from '../shared/workflow';
import { nextControlId } from './replay/extract-step';

export interface ExtractRequest {
  /** column names as the table's header says them, comma-separated; empty for every column */
  columns: string;
  /** the words of the next-page link or button; empty for one page */
  next: string;
  maxPages: number;
  title: string;
}

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The extraction step for the table a page model text shows, as the person marks it while
 * recording: no model reads the rows, so the table must be table-row lines (`a | b | c`) under a
 * header line, and the columns are named by that header's words. The widest group of lines of one
 * shape is the table; a column is a number when every row's cell reads as one.
 */
export function extractHere(text: string, req: ExtractRequest): { ok: true; action: ExtractStepAction; rows: number } | { ok: false; message: string } {
  const lines = text.split('\n').map(rowCells).filter((c): c is string[] => !!c);
  const byCount = new Map<number, string[][]>();
  for (const cells of lines) byCount.set(cells.length, [...(byCount.get(cells.length) ?? []), cells]);
  const table = [...byCount.values()].sort((a, b) => b.length - a.length)[0];
  if (!table || table.length < 2) return { ok: false, message: 'This page shows no table the recording can read: it needs a header line and rows of cells.' };
  const [header, ...body] = table as [string[], ...string[][]];
  const wanted = req.columns.split(',').map((c) => c.trim()).filter(Boolean);
  const names = wanted.length ? wanted : header;
  const cells = names.map((n) => header.findIndex((h) => norm(h) === norm(n)));
  const missing = names.filter((_, i) => cells[i]! < 0);
  if (missing.length) return { ok: false, message: `The table has no column ${missing.map((m) => `"${m}"`).join(', ')}; its columns are ${header.join(', ')}.` };
  const columns: TableColumn[] = names.map((n, i) => ({
    name: header[cells[i]!]!,
    type: body.every((row) => numberInText(row[cells[i]!] ?? '') !== null) ? 'number' : 'text',
  }));
  const next = req.next.trim();
  if (next && nextControlId(text, next) === undefined) return { ok: false, message: `There is no link or button "${next}" on this page to show the next page.` };
  const recipe = { cellCount: header.length, cells, header: header.join(' | '), next };
  const rows = rowsByRecipe(text, recipe, columns).length;
  if (!rows) return { ok: false, message: 'The table has no rows on this page.' };
  const action: ExtractStepAction = { kind: 'extract', title: req.title.trim() || 'the table', columns, maxPages: next ? Math.max(1, req.maxPages) : 1, recipe };
  return { ok: true, action, rows };
}
