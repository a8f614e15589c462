import type { ActionResult, TabAction } from '../../shared/action';
import { notOurs } from './close-tab';
import type { Ctx } from '../ctx';

/** Makes another of the run's tabs the one the model sees and acts in. */
export async function switchTab(ctx: Ctx, action: Extract<TabAction, { kind: 'switch_tab' }>): Promise<ActionResult> {
  const tabs = ctx.run.tabs;
  const tab = tabs.list.find((t) => t.n === action.n);
  if (!tab) return notOurs(ctx, action.n);
  tabs.current = tab.n;
  const url = await ctx.ports.browser.url();
  return { ok: true, elapsedMs: 0, change: { kind: 'navigation', url, added: 0, removed: 0, summary: `switched to tab ${tab.n}` } };
}
