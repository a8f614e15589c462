import { readRun } from './run-store';
import { releaseInput } from '../executor/debugger';

/**
 * When a run ends, no tab it worked in stays under the debugger: the one it started in and every
 * tab it opened (read from its stored state), not only the first.
 */
export async function releaseRunInput(runId: string, startTabId: number): Promise<void> {
  const list = (await readRun(runId))?.state?.tabs.list ?? [];
  const tabIds = new Set([startTabId, ...list.flatMap((t) => (typeof t.tabId === 'number' ? [t.tabId] : []))]);
  await Promise.all([...tabIds].map((id) => releaseInput(id)));
}
