import { currentTab } from './tabs/state';
import type { Ctx } from './ctx';

export type { PageWaits } from './ports';

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
