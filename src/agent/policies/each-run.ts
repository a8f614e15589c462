import type { PlanStep } from '../../shared/run-events';
import type { ExtractedTable, TableColumn } from '../../shared/table';
import { look } from '../loop/observe';
import { GroundingFailed } from '../loop/repair';
import { chooseItems } from './each-items';
import { eachSpec, type EachSpec } from './each-spec';
import { visitItem, type ItemOutcome } from './each-visit';
import type { EachProgress } from './each-progress';
import { currentTrial } from '../run-state';
import { executeAction } from '../loop/execute';
import type { Ctx, PolicyOutcome } from '../ctx';

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
  let progress: EachProgress;
  try {
    progress = await startOrResume(ctx, call, spec, planIndex);
  } catch (error) {
    if (error instanceof GroundingFailed) return { kind: 'trial_end', status: 'exception', reason: `EACH: ${error.reason}` };
    throw error;
  }
  const { items, outcomes } = progress;
  if (!items.length) return { kind: 'done', summary: `EACH: the page lists no ${spec.items}.`, navigated: false };
  for (const [index, item] of items.entries()) {
    if (index < outcomes.length) continue;
    await ctx.checkpoint();
    const outcome = await visitItem(ctx, { item, spec, planIndex, thought: progress.thought });
    outcomes.push(outcome);
    ctx.emit({ type: 'item', index, total: items.length, name: outcome.name, status: outcome.status, summary: outcome.summary });
    await ctx.save();
  }
  const table = tableOf(spec, outcomes, progress.url);
  ctx.run.tables.push(table);
  ctx.run.each = undefined;
  ctx.emit({ type: 'table', table });
  await ctx.save();
  return { kind: 'done', summary: summaryOf(spec, outcomes), navigated: false };
}

/**
 * The items of this call: named by the model, or, when the run resumes in the middle of the call,
 * the stored ones (back on the list's tab; an item tab left open is closed, and that item visited again).
 */
async function startOrResume(ctx: Ctx, call: PlanStep, spec: EachSpec, planIndex: number): Promise<EachProgress> {
  const trial = currentTrial(ctx.run);
  const scope = `${trial.n}:${trial.planNo}:${planIndex}`;
  const stored = ctx.run.each?.scope === scope ? ctx.run.each : undefined;
  if (stored) {
    const meta = { policy: 'EACH', planNo: trial.planNo, planIndex, thought: stored.thought };
    const stray = ctx.run.tabs.current;
    if (stray !== stored.home) {
      if (stray !== 1) await executeAction(ctx, { kind: 'close_tab', n: stray }, meta);
      if (ctx.run.tabs.current !== stored.home) await executeAction(ctx, { kind: 'switch_tab', n: stored.home }, meta);
    }
    return stored;
  }
  const { snapshot } = await look(ctx);
  const chosen = await chooseItems(ctx, { call, limit: spec.limit, snapshot });
  if (chosen.thought) ctx.emit({ type: 'thought', source: 'policy', text: chosen.thought });
  ctx.run.each = { scope, url: snapshot.url, thought: chosen.thought, home: ctx.run.tabs.current, items: chosen.items, outcomes: [] };
  await ctx.save();
  return ctx.run.each;
}

/** One row an item: its name, then the collected columns (or what the instruction came to). */
function tableOf(spec: EachSpec, outcomes: ItemOutcome[], url: string): ExtractedTable {
  const rest: TableColumn[] = spec.subTask.kind === 'collect' ? spec.subTask.columns : [{ name: 'result', type: 'text' }];
  const columns: TableColumn[] = [{ name: 'item', type: 'text' }, ...rest];
  const rows = outcomes.map((o) => [o.name, ...rest.map((_, i) => o.cells[i] ?? null)]);
  const shown = outcomes.map((o) => [null, ...rest.map((_, i) => o.shown?.[i] ?? null)]);
  const unfilled = rest.filter((_, i) => !rows.some((r) => r[i + 1] !== null)).map((c) => c.name);
  return { title: spec.items, columns, rows, shown, url, pages: 1, unfilled, refused: [] };
}

function summaryOf(spec: EachSpec, outcomes: ItemOutcome[]): string {
  const done = outcomes.filter((o) => o.status === 'done').length;
  const lines = outcomes.map((o) => `${o.name}: ${o.status === 'done' ? o.summary : `${o.status} (${o.summary})`}`);
  const limit = outcomes.length >= spec.limit ? ` (the limit of ${spec.limit})` : '';
  return `Visited ${outcomes.length} item${outcomes.length === 1 ? '' : 's'}${limit}, ${done} done. ${lines.join('; ')}.`;
}
