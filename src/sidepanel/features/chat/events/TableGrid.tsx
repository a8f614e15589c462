import type { Cell, ExtractedTable } from '../../../../shared/table';

/** Rows shown in the timeline; the files and the clipboard always get all of them. */
export const SHOWN_ROWS = 50;

const cellText = (c: Cell) => (c === null ? '' : String(c));

/**
 * The rows of an extracted table at panel widths: values wrap between words only, numbers sit
 * right-aligned in their own column, and the timeline is the one thing that scrolls up and down
 * (a table wider than the panel scrolls sideways in its own box, nothing else).
 */
export function TableGrid({ table }: { table: ExtractedTable }) {
  const numeric = table.columns.map((c) => c.type === 'number');
  return (
    <div className="table-wrap" data-testid="table-wrap">
      <table className="data-table">
        <thead>
          <tr>
            {table.columns.map((c, j) => (
              <th key={c.name} scope="col" className={numeric[j] ? 'num' : undefined}>
                {c.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.slice(0, SHOWN_ROWS).map((r, i) => (
            <tr key={i}>
              {r.map((c, j) => (
                <td key={j} className={numeric[j] || typeof c === 'number' ? 'num' : undefined}>
                  {cellText(c)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
