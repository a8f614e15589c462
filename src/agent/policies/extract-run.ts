import type { PageSnapshot } from '../../shared/page';
import type { PlanStep } from '../../shared/run-events';
import type { ExtractedTable } from '../../shared/table';
import { currentTrial } from '../run-state';
import { executeAction } from '../loop/execute';
import { look } from '../loop/observe';
import { GroundingFailed } from '../loop/repair';
import { extractSpec, type ExtractSpec } from './extract-schema';
import { readPage } from './extract-read';
import { controlName, learnRecipe } from './extract-recipe';
import type { Ctx, PolicyOutcome } from '../ctx';

/**
 * EXTRACT: read the page into rows, click the next-page control the model names, read again,
 * until there is no next page or the limit is reached. The table goes to the panel as a `table`
 * event and stays with the run.
 */
export async function runExtract(ctx: Ctx, call: PlanStep, planIndex: number): Promise<PolicyOutcome> {
  const parsed = extractSpec(call);
  if (!parsed.ok) return { kind: 'trial_end', status: 'exception', reason: `EXTRACT: ${parsed.reason}` };
  const { spec } = parsed;
  const table: ExtractedTable = { title: spec.title, columns: spec.columns, rows: [], shown: [], url: '', pages: 0, unfilled: [], refused: [] };
  const missing = new Set<string>();
  const notes: string[] = [];
  let previous: PageSnapshot | undefined;
  let recipe: ReturnType<typeof learnRecipe> = null;
  let next = '';
  try {
    for (;;) {
      await ctx.checkpoint();
      const { snapshot } = await look(ctx);
      // The next-page control did nothing visible: reading the same rows again would only repeat them.
      if (previous && snapshot.url === previous.url && snapshot.text === previous.text) {
        notes.push('the next-page control showed the same page');
        break;
      }
      previous = snapshot;
      if (!table.url) table.url = snapshot.url;
      const reading = await readPage(ctx, { spec, snapshot, table, notes: notes.splice(0) });
      if (table.pages === 0) recipe = learnRecipe(snapshot.text, reading.rows, spec.columns);
      table.rows.push(...reading.rows);
      table.shown?.push(...reading.shown);
      table.refused.push(...reading.refused.map((r) => `page ${table.pages + 1}, ${r}`));
      table.pages += 1;
      for (const name of reading.missing) missing.add(name);
      await ctx.save();
      if (reading.next === undefined || table.pages >= spec.maxPages) break;
      const clicked = await nextPage(ctx, reading.next, planIndex, reading.thought);
      if (clicked === null) break;
      next ||= clicked;
    }
  } catch (error) {
    if (error instanceof GroundingFailed) return { kind: 'trial_end', status: 'exception', reason: `EXTRACT: ${error.reason}` };
    throw error;
  }
  table.unfilled = unfilledColumns(table, missing);
  if (recipe) table.recipe = { ...recipe, next };
  ctx.run.tables.push(table);
  ctx.emit({ type: 'table', table });
  await ctx.save();
  return { kind: 'done', summary: summaryOf(table, spec), navigated: table.pages > 1 };
}

/** The next page, through the gate and the executor like any click: the control's words, or null when it could not be opened. */
async function nextPage(ctx: Ctx, id: number, planIndex: number, thought: string): Promise<string | null> {
  const trial = currentTrial(ctx.run);
  const out = await executeAction(ctx, { kind: 'click', id, button: 'left', modifiers: [] }, { policy: 'EXTRACT', planNo: trial.planNo, planIndex, thought });
  return out.kind === 'ran' ? controlName(out.step.line) : null;
}

/** A column is unfilled when no kept row has a value in it, or the model said the page lacks it. */
function unfilledColumns(table: ExtractedTable, missing: Set<string>): string[] {
  const said = new Set([...missing].map((m) => m.toLowerCase()));
  return table.columns
    .filter((c, i) => said.has(c.name.toLowerCase()) || !table.rows.some((r) => r[i] !== null && r[i] !== undefined))
    .map((c) => c.name);
}

function summaryOf(table: ExtractedTable, spec: ExtractSpec): string {
  const parts = [`Extracted ${table.rows.length} row${table.rows.length === 1 ? '' : 's'} (${spec.columns.map((c) => c.name).join(', ')}) from ${table.pages} page${table.pages === 1 ? '' : 's'}.`];
  if (table.unfilled.length) parts.push(`Could not fill ${table.unfilled.join(', ')}: not found on the page.`);
  if (table.refused.length) parts.push(`Refused ${table.refused.length} row${table.refused.length === 1 ? '' : 's'} with values not on the page: ${table.refused.join(' / ')}.`);
  return parts.join(' ');
}
