import type { ActionResult, TabAction } from '../../shared/action';
import type { Ctx } from '../ctx';

/** Closes a tab the run opened. The tab the task started in is the person's, and stays. */
export async function closeTab(ctx: Ctx, action: Extract<TabAction, { kind: 'close_tab' }>): Promise<ActionResult> {
  const tabs = ctx.run.tabs;
  const tab = tabs.list.find((t) => t.n === action.n);
  if (!tab) return notOurs(ctx, action.n);
  if (tab.tabId === null || !ctx.ports.tabs) return { ok: false, code: 'blocked', message: `tab ${tab.n} is the tab the task started in; it stays open` };
  await ctx.ports.tabs.close(tab.tabId);
  tabs.list = tabs.list.filter((t) => t !== tab);
  const wasCurrent = tabs.current === tab.n;
  // closing the tab in front leaves the run where it started
  if (wasCurrent) tabs.current = 1;
  const url = await ctx.ports.browser.url();
  const summary = wasCurrent ? `closed tab ${tab.n}; back on tab 1` : `closed tab ${tab.n}`;
  return { ok: true, elapsedMs: 0, change: { kind: wasCurrent ? 'navigation' : 'dom', url, added: 0, removed: 0, summary } };
}

export function notOurs(ctx: Ctx, n: number): ActionResult {
  const ours = ctx.run.tabs.list.map((t) => t.n).join(', ');
  return { ok: false, code: 'unknown_id', message: `tab ${n} is not one of this task's tabs (${ours})` };
}
