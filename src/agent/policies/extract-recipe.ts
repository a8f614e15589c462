import { numberInText, rowCells, type Cell, type ExtractRecipe, type TableColumn } from '../../shared/table';

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

function sameValue(cell: string, value: Cell, column: TableColumn): boolean {
  if (value === null) return false;
  if (column.type === 'number' && typeof value === 'number') return numberInText(cell) === value;
  return norm(cell) === norm(String(value));
}

/**
 * Where the model's rows sit in the page: the table-row lines of one shape whose cells hold every
 * row's values, and which cell each column came from. Null when the rows are not table rows (a
 * list of cards, values spread over lines) or do not agree on one shape: then a replay cannot read
 * them without a model, and the table carries no recipe.
 */
export function learnRecipe(pageText: string, rows: Cell[][], columns: TableColumn[]): Omit<ExtractRecipe, 'next'> | null {
  if (!rows.length) return null;
  const lines = pageText.split('\n').map(rowCells).filter((c): c is string[] => !!c);
  const matchOf = (row: Cell[]) =>
    lines.find((cells) => columns.every((c, i) => row[i] === null || cells.some((cell) => sameValue(cell, row[i]!, c))));
  const first = matchOf(rows[0]!);
  if (!first) return null;
  const used = new Set<number>();
  const cells = columns.map((c, i) => {
    const value = rows[0]![i] ?? null;
    const at = first.findIndex((cell, j) => !used.has(j) && sameValue(cell, value, c));
    if (at >= 0) used.add(at);
    return at;
  });
  if (cells.some((at) => at < 0)) return null;
  // every row must be a line of that shape with its values in those cells
  for (const row of rows) {
    const ok = lines.some((line) => line.length === first.length && columns.every((c, i) => row[i] === null || sameValue(line[cells[i]!] ?? '', row[i]!, c)));
    if (!ok) return null;
  }
  const rowTexts = new Set(rows.map((r) => r.join('|')));
  const header = lines.find((line) => line.length === first.length && !rowTexts.has(line.join('|')) && lines.indexOf(line) < lines.indexOf(first));
  return { cellCount: first.length, cells, header: header ? header.join(' | ') : '' };
}

/** The words of a control from its page model line: `<a id=31>Next</a>` -> Next. */
export function controlName(line: string): string {
  return />([^<]*)<\/[\w-]+>\s*$/.exec(line)?.[1]?.trim() ?? /label="([^"]*)"/.exec(line)?.[1] ?? '';
}
