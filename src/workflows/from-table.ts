import type { ExtractedTable } from '../shared/table';
import { WORKFLOW_FORMAT, WORKFLOW_VERSION, type Workflow } from '../shared/workflow';
import { hostOf, pathOf } from './text';

/**
 * A workflow that does again what an extraction did: open the address it started on, then read the
 * table the same way (its recipe) over as many pages. Null for a table without a recipe (rows that
 * were not table rows), which only a model can read again.
 */
export function workflowFromTable(table: ExtractedTable, opts: { id: string; now: number }): Workflow | null {
  if (!table.recipe || !table.url) return null;
  const path = pathOf(table.url);
  return {
    format: WORKFLOW_FORMAT,
    version: WORKFLOW_VERSION,
    id: opts.id,
    name: `Extract ${table.title}`.slice(0, 120),
    description: `Reads ${table.columns.map((c) => c.name).join(', ')} from ${hostOf(table.url)}.`,
    site: hostOf(table.url),
    startUrl: table.url,
    variables: [],
    steps: [
      { id: 's1', action: { kind: 'navigate', url: table.url }, intent: `go to ${table.url}`, after: { navigates: true, path } },
      {
        id: 's2',
        action: { kind: 'extract', title: table.title, columns: table.columns, maxPages: Math.max(1, table.pages), recipe: table.recipe },
        intent: `read ${table.title} into a table`,
        before: { path, title: '' },
        after: { navigates: false },
      },
    ],
    source: { kind: 'run' },
    createdAt: opts.now,
    updatedAt: opts.now,
  };
}
