import { useRef } from 'react';
import { shownCell, type ExtractedTable } from '../../../../shared/table';
import { ColumnPicker } from './ColumnPicker';
import { useMoreToRight, useShownColumns, useWiderThanBox } from './use-shown-columns';

/** Rows shown in the timeline; the files and the clipboard always get all of them. */
export const SHOWN_ROWS = 50;

/**
 * The rows of an extracted table at panel widths, each cell as the page showed it ("$383.12",
 * not the 383.12 kept for sums and sorting): values wrap between words only, numbers sit
 * right-aligned in their own column, and the timeline is the one thing that scrolls up and down
 * (a table wider than the panel scrolls sideways in its own box, and offers a column picker).
 */
export function TableGrid({ table, choiceKey }: { table: ExtractedTable; choiceKey: string }) {
  const wrap = useRef<HTMLDivElement>(null);
  const wider = useWiderThanBox(wrap);
  const more = useMoreToRight(wrap);
  const [shown, setShown] = useShownColumns(choiceKey, table.columns.length);
  const numeric = table.columns.map((c) => c.type === 'number');
  const cols = table.columns.map((_, j) => j).filter((j) => shown[j]);
  return (
    <>
      <div className="table-tools">
        {(wider || cols.length < table.columns.length) && <ColumnPicker columns={table.columns} shown={shown} onChange={setShown} />}
        {more && (
          <button type="button" className="link small more-columns" data-testid="more-columns" onClick={() => wrap.current?.scrollBy({ left: wrap.current.clientWidth * 0.8, behavior: 'smooth' })}>
            More columns →
          </button>
        )}
      </div>
      <div className={`table-wrap${more ? ' more-right' : ''}`} data-testid="table-wrap" ref={wrap}>
        <table className="data-table">
          <thead>
            <tr>
              {cols.map((j) => (
                <th key={table.columns[j]!.name} scope="col" className={numeric[j] ? 'num' : undefined}>
                  {table.columns[j]!.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.slice(0, SHOWN_ROWS).map((r, i) => (
              <tr key={i}>
                {cols.map((j) => (
                  <td key={j} className={numeric[j] || typeof r[j] === 'number' ? 'num' : undefined}>
                    {shownCell(table, i, j)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
