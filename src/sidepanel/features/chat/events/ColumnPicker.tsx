import type { TableColumn } from '../../../../shared/table';

/**
 * Which columns of a wide table the panel shows. It is offered only when the table is wider than
 * the panel (or columns are already hidden), because at 320 px an eight-column table otherwise
 * shows two columns at a time and scrolls sideways. Copy and the files always keep every column.
 */
export function ColumnPicker({ columns, shown, onChange }: { columns: readonly TableColumn[]; shown: readonly boolean[]; onChange: (next: boolean[]) => void }) {
  const count = shown.filter(Boolean).length;
  const toggle = (j: number) => {
    const next = columns.map((_, i) => (i === j ? !shown[i] : shown[i] !== false));
    // at least one column stays: an empty table says nothing
    if (next.some(Boolean)) onChange(next);
  };
  return (
    <details className="column-picker small" data-testid="column-picker">
      <summary>
        Columns: {count} of {columns.length} shown
      </summary>
      <fieldset>
        <legend className="muted">Show in the panel (Copy and the files keep all)</legend>
        {columns.map((c, j) => (
          <label key={c.name}>
            <input type="checkbox" checked={shown[j] !== false} disabled={shown[j] !== false && count === 1} onChange={() => toggle(j)} />
            {c.name}
          </label>
        ))}
        {count < columns.length && (
          <button type="button" className="link" onClick={() => onChange(columns.map(() => true))}>
            Show all
          </button>
        )}
      </fieldset>
    </details>
  );
}
