import type { Ctx } from './context';
import { currentTab } from './tabs/state';

/**
 * Tells the browser side's "still waiting for this tab's page" (`tabId` null: the tab the run
 * started in). The worker calls the listener when a wait for the next document has taken a while,
 * and again when the page answered.
 */
export type PageWaits = (listener: (tabId: number | null, waiting: boolean) => void) => () => void;

/**
 * While the run drives, a long wait for its current tab's page becomes a `page_wait` event, so
 * the person reads "waiting for the page" rather than a silent pause; a wait in a tab the run is
 * not working in says nothing.
 */
export async function withPageWaits<T>(ctx: Ctx, body: () => Promise<T>): Promise<T> {
  const stop = ctx.ports.pageWaits?.((tabId, waiting) => {
    if (currentTab(ctx.run.tabs).tabId === tabId) ctx.emit({ type: 'page_wait', waiting });
  });
  try {
    return await body();
  } finally {
    stop?.();
  }
}
