import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { send } from '../../../platform/rpc';
import { panelValue } from '../../panel-value';

/**
 * A task typed before any provider is set up: kept (in this panel's storage, so closing the panel
 * does not lose it) and sent as soon as the settings are saved and complete.
 */
const stored = panelValue('copilot.pendingTask');
const Pending = z.object({ tabId: z.number().int(), chatId: z.string().min(1), text: z.string().min(1), problem: z.string().optional() });
export type PendingTask = z.infer<typeof Pending>;

const raw = stored.raw;
const parse = (text: string | null): PendingTask | undefined => {
  try {
    const p = Pending.safeParse(JSON.parse(text ?? 'null'));
    return p.success ? p.data : undefined;
  } catch {
    return undefined;
  }
};

const write = (task: PendingTask | undefined) => stored.write(task && JSON.stringify(task));
export const keepPendingTask = (task: PendingTask) => write(task);
export const dropPendingTask = () => write(undefined);

export function usePendingTask(): PendingTask | undefined {
  // the stored string is the snapshot (stable between renders); parsed on use
  return parse(useSyncExternalStore(stored.subscribe, raw, () => null));
}

/** Sends the kept task if a provider is now set up; answers whether it was sent. */
export async function sendPendingTask(): Promise<boolean> {
  const task = parse(raw());
  if (!task) return false;
  const status = await send('system.status', {}).catch(() => null);
  if (!status?.configured) return false;
  // two callers may have read it before either sent it (the panel's start and a save): it goes once
  const now = parse(raw());
  if (!now || now.chatId !== task.chatId || now.text !== task.text) return false;
  dropPendingTask();
  try {
    await send('agent.chat', { tabId: task.tabId, chatId: task.chatId, text: task.text });
    return true;
  } catch (e) {
    // kept for the next try, with the reason shown next to it
    keepPendingTask({ ...task, problem: (e as Error).message });
    return false;
  }
}
