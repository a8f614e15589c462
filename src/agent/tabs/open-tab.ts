import type { ActionResult, TabAction } from '../../shared/action';
import type { Ctx } from '../ctx';

/** A new tab at the address (the gate judged it as a typed address), grouped with the run's tabs; it becomes current. */
export async function openTab(ctx: Ctx, action: Extract<TabAction, { kind: 'open_tab' }>): Promise<ActionResult> {
  const tabsPort = ctx.ports.tabs;
  if (!tabsPort) return { ok: false, code: 'unsupported', message: 'this browser cannot open tabs for the task' };
  const started = ctx.ports.clock.now();
  const opened = await tabsPort.open(action.url);
  const tabs = ctx.run.tabs;
  const n = tabs.nextN;
  tabs.nextN += 1;
  tabs.list.push({ n, tabId: opened.tabId, url: opened.url, title: '' });
  tabs.current = n;
  return { ok: true, elapsedMs: ctx.ports.clock.now() - started, change: { kind: 'navigation', url: opened.url, added: 0, removed: 0, summary: `opened tab ${n} at ${opened.url}` } };
}
