import type { PlanStep } from '../../shared/run-events';
import type { Cell, ExtractedTable } from '../../shared/table';
import { currentTrial } from '../run-state';
import { describeOnCurrentPage } from '../loop/describe';
import { executeAction, type StepMeta } from '../loop/execute';
import { look } from '../loop/observe';
import { GroundingFailed } from '../loop/repair';
import type { EachItem } from './each-items';
import type { EachSpec } from './each-spec';
import { readPage } from './extract-read';
import type { Ctx } from '../ctx';

export interface ItemOutcome {
  status: 'done' | 'failed' | 'skipped';
  summary: string;
  /** the item's name as the list page shows it */
  name: string;
  /** the cells after the item's name: the columns collected, or the instruction's result */
  cells: Cell[];
  /** the page's text of the collected cells, where it says more than the value ("$383.12") */
  shown?: (string | null)[];
}

/** How an item was opened: in a new tab of the run (closed after), or in place (the tab goes back after). */
type Opened = { how: 'tab'; n: number; home: number } | { how: 'page'; url: string } | { how: 'failed'; status: 'failed' | 'skipped'; reason: string };

const BACK_TRIES = 3;

/**
 * One item: open it (a link in a new tab of the run, so the list stays as it is; anything else
 * by clicking and coming back), do the sub-task on its page, and return to the list.
 */
export async function visitItem(ctx: Ctx, input: { item: EachItem; spec: EachSpec; planIndex: number; thought: string }): Promise<ItemOutcome> {
  const { item, spec, planIndex } = input;
  const meta: StepMeta = { policy: 'EACH', planNo: currentTrial(ctx.run).planNo, planIndex, thought: input.thought };
  const element = await describeOnCurrentPage(ctx, item.id);
  const name = element && sameWords(element.line, item.name) ? item.name : element?.text || element?.name || item.name;
  if (!element) return { status: 'failed', summary: `${item.name} is no longer on the page`, name, cells: [] };
  const opened = await openItem(ctx, item.id, element.href, meta);
  if (opened.how === 'failed') return { status: opened.status, summary: opened.reason, name, cells: [] };
  let outcome: ItemOutcome;
  try {
    outcome = await subTask(ctx, { name, spec, planIndex });
  } finally {
    await comeBack(ctx, opened, meta);
  }
  return outcome;
}

async function openItem(ctx: Ctx, id: number, href: string | undefined, meta: StepMeta): Promise<Opened> {
  const home = ctx.run.tabs.current;
  if (href && /^https?:/i.test(href) && ctx.ports.tabs) {
    const out = await executeAction(ctx, { kind: 'open_tab', url: href }, { ...meta, link: id });
    if (out.kind === 'ran') return { how: 'tab', n: ctx.run.tabs.current, home };
    return { how: 'failed', status: out.kind === 'refused' ? 'skipped' : 'failed', reason: out.kind === 'by_person' ? 'the person opened it' : out.reason };
  }
  const url = await ctx.ports.browser.url();
  const out = await executeAction(ctx, { kind: 'click', id, button: 'left', modifiers: [] }, meta);
  if (out.kind === 'ran') return { how: 'page', url };
  return { how: 'failed', status: out.kind === 'refused' ? 'skipped' : 'failed', reason: out.kind === 'by_person' ? 'the person opened it' : out.reason };
}

/** Back to the list: the item's tab closed and the list's tab current again, or the tab back at the list's address. */
async function comeBack(ctx: Ctx, opened: Opened, meta: StepMeta): Promise<void> {
  if (opened.how === 'tab') {
    if (ctx.run.tabs.list.some((t) => t.n === opened.n)) await executeAction(ctx, { kind: 'close_tab', n: opened.n }, meta);
    if (ctx.run.tabs.current !== opened.home) await executeAction(ctx, { kind: 'switch_tab', n: opened.home }, meta);
    return;
  }
  if (opened.how !== 'page') return;
  for (let i = 0; i < BACK_TRIES && (await ctx.ports.browser.url()) !== opened.url; i++) {
    await executeAction(ctx, { kind: 'back' }, meta);
  }
}

/** Collect: one EXTRACT reading of the item's page, its first row. Do: the instruction as an ACT call there. */
async function subTask(ctx: Ctx, input: { name: string; spec: EachSpec; planIndex: number }): Promise<ItemOutcome> {
  const { name, spec } = input;
  if (spec.subTask.kind === 'do') {
    const act = ctx.policies.get('ACT');
    if (!act) return { status: 'failed', summary: 'no ACT policy to carry out the instruction', name, cells: [] };
    const call: PlanStep = { policy: 'ACT', target: `${spec.subTask.instruction} (on the page of ${name})`, value: '' };
    const out = await ctx.runPolicy(act, call, input.planIndex);
    return out.kind === 'done' ? { status: 'done', summary: out.summary, name, cells: [out.summary] } : { status: 'failed', summary: out.reason, name, cells: [null] };
  }
  const columns = spec.subTask.columns;
  const { snapshot } = await look(ctx);
  const table: ExtractedTable = { title: name, columns, rows: [], url: snapshot.url, pages: 0, unfilled: [], refused: [] };
  try {
    const reading = await readPage(ctx, { spec: { title: `the ${columns.map((c) => c.name).join(', ')} of ${name}`, columns, maxPages: 1 }, snapshot, table, notes: [] });
    const row = reading.rows[0];
    if (!row) return { status: 'failed', summary: reading.refused.length ? `values not on the page: ${reading.refused.join('; ')}` : 'nothing to collect on its page', name, cells: columns.map(() => null) };
    const said = columns.map((c, i) => `${c.name} ${reading.shown[0]?.[i] ?? row[i] ?? '(none)'}`).join(', ');
    return { status: 'done', summary: said, name, cells: row, shown: reading.shown[0] ?? [] };
  } catch (error) {
    if (error instanceof GroundingFailed) return { status: 'failed', summary: error.reason, name, cells: columns.map(() => null) };
    throw error;
  }
}

const words = (s: string) => s.toLowerCase().replace(/\s+/g, ' ').trim();
const sameWords = (line: string, name: string) => !!name && words(line).includes(words(name));
