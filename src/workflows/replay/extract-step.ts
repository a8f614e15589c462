import { readByRecipe, type ExtractedTable } from '../../shared/table';
import type { WorkflowAction } from '../../shared/workflow';
import type { ReplayPage } from './ports';

type ExtractAction = Extract<WorkflowAction, { kind: 'extract' }>;

/** The id of the next-page control in a page model text: a link or button whose words are `name`. */
export function nextControlId(text: string, name: string): number | undefined {
  const want = name.trim().toLowerCase();
  for (const line of text.split('\n')) {
    const m = /^\s*<(?:a|button)\b[^>]*\bid=(\d+)[^>]*>([^<]*)<\/(?:a|button)>\s*$/.exec(line);
    if (m && m[2]!.trim().toLowerCase() === want && !/\bdisabled\b/.test(line)) return Number(m[1]);
  }
  return undefined;
}

/**
 * An extraction step of a workflow, replayed with no model: the rows are the page's table-row
 * lines of the recorded shape (every value is page text by construction), then the recorded
 * next-page control is clicked (through `gateClick`, the replay's safety decision) until it is
 * gone or the page limit is reached. A page without a row of that shape stops the replay, which
 * asks the person: the table changed, and the replay does not guess.
 */
export async function replayExtract<Stop>(
  page: ReplayPage,
  action: ExtractAction,
  gateClick: (id: number) => Promise<Stop | null>,
): Promise<{ table: ExtractedTable } | { stop: Stop } | { message: string }> {
  const { recipe, columns } = action;
  const table: ExtractedTable = { title: action.title, columns, rows: [], shown: [], url: await page.url(), pages: 0, unfilled: [], refused: [], recipe };
  let previous = '';
  for (;;) {
    // the whole page: the budget that suits a model would cut a long table
    const snap = await page.snapshot(0);
    if (table.pages > 0 && snap.text === previous) break;
    previous = snap.text;
    const { rows, shown } = readByRecipe(snap.text, recipe, columns);
    if (!rows.length) return { message: `page ${table.pages + 1} has no rows of the recorded table (${columns.map((c) => c.name).join(', ')}); its layout may have changed` };
    table.rows.push(...rows);
    table.shown?.push(...shown);
    table.pages += 1;
    if (!recipe.next || table.pages >= action.maxPages) break;
    const id = nextControlId(snap.text, recipe.next);
    if (id === undefined) break;
    const stop = await gateClick(id);
    if (stop) return { stop };
    const r = await page.act({ kind: 'click', id, button: 'left', modifiers: [] });
    if (!r.ok) return { message: `"${recipe.next}" did not work: ${r.message}` };
  }
  table.unfilled = columns.filter((_, i) => !table.rows.some((r) => r[i] !== null)).map((c) => c.name);
  return { table };
}
