import type { PlanStep } from '../../shared/run-events';
import type { ExtractedTable, TableColumn } from '../../shared/table';
import type { Ctx } from '../context';
import { look } from '../loop/observe';
import type { PolicyOutcome } from '../loop/policy-runner';
import { GroundingFailed } from '../loop/repair';
import { chooseItems } from './each-items';
import { eachSpec, type EachSpec } from './each-spec';
import { visitItem, type ItemOutcome } from './each-visit';

/**
 * EACH (a small planner of its own, HeaP-style): the model names the list's items once, then each
 * item is opened, the sub-task runs on its page, and the run comes back to the list. Every item's
 * outcome is a timeline line; the results go out as one table, and its summary tells the planner.
 */
export async function runEach(ctx: Ctx, call: PlanStep, planIndex: number): Promise<PolicyOutcome> {
  const parsed = eachSpec(call);
  if (!parsed.ok) return { kind: 'trial_end', status: 'exception', reason: parsed.reason };
  const { spec } = parsed;
  await ctx.checkpoint();
  const { snapshot } = await look(ctx);
  let chosen;
  try {
    chosen = await chooseItems(ctx, { call, limit: spec.limit, snapshot });
  } catch (error) {
    if (error instanceof GroundingFailed) return { kind: 'trial_end', status: 'exception', reason: `EACH: ${error.reason}` };
    throw error;
  }
  if (chosen.thought) ctx.emit({ type: 'thought', source: 'policy', text: chosen.thought });
  const { items } = chosen;
  if (!items.length) return { kind: 'done', summary: `EACH: the page lists no ${spec.items}.`, navigated: false };
  const outcomes: ItemOutcome[] = [];
  for (const [index, item] of items.entries()) {
    await ctx.checkpoint();
    const outcome = await visitItem(ctx, { item, spec, planIndex, thought: chosen.thought });
    outcomes.push(outcome);
    ctx.emit({ type: 'item', index, total: items.length, name: outcome.name, status: outcome.status, summary: outcome.summary });
    await ctx.save();
  }
  const table = tableOf(spec, outcomes, snapshot.url);
  ctx.run.tables.push(table);
  ctx.emit({ type: 'table', table });
  await ctx.save();
  return { kind: 'done', summary: summaryOf(spec, outcomes), navigated: false };
}

/** One row an item: its name, then the collected columns (or what the instruction came to). */
function tableOf(spec: EachSpec, outcomes: ItemOutcome[], url: string): ExtractedTable {
  const rest: TableColumn[] = spec.subTask.kind === 'collect' ? spec.subTask.columns : [{ name: 'result', type: 'text' }];
  const columns: TableColumn[] = [{ name: 'item', type: 'text' }, ...rest];
  const rows = outcomes.map((o) => [o.name, ...rest.map((_, i) => o.cells[i] ?? null)]);
  const unfilled = rest.filter((_, i) => !rows.some((r) => r[i + 1] !== null)).map((c) => c.name);
  return { title: spec.items, columns, rows, url, pages: 1, unfilled, refused: [] };
}

function summaryOf(spec: EachSpec, outcomes: ItemOutcome[]): string {
  const done = outcomes.filter((o) => o.status === 'done').length;
  const lines = outcomes.map((o) => `${o.name}: ${o.status === 'done' ? o.summary : `${o.status} (${o.summary})`}`);
  const limit = outcomes.length >= spec.limit ? ` (the limit of ${spec.limit})` : '';
  return `Visited ${outcomes.length} item${outcomes.length === 1 ? '' : 's'}${limit}, ${done} done. ${lines.join('; ')}.`;
}
