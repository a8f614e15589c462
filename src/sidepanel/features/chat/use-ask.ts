import { useState } from 'react';
import { send } from '../../../platform/rpc';
import { keepPendingTask } from './pending-task';

/**
 * Sending a task: kept for later before any provider is set up; "waiting for the page" while a
 * loading page is waited for; the reason in plain words when it cannot start (the text then
 * goes back into the box: `ask` answers false).
 */
export function useAsk(tabId: number | undefined, chatId: string | undefined) {
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState<string>();
  const ask = async (text: string): Promise<boolean> => {
    if (tabId === undefined || !chatId) return false;
    setError(undefined);
    if ((await send('system.status', {}).catch(() => null))?.configured === false) {
      keepPendingTask({ tabId, chatId, text });
      return true;
    }
    const loading = (await chrome.tabs.get(tabId).catch(() => undefined))?.status === 'loading';
    setStarting(loading ? 'Waiting for the page to load…' : 'Starting…');
    try {
      await send('agent.chat', { tabId, chatId, text });
      return true;
    } catch (e) {
      setError((e as Error).message);
      return false;
    } finally {
      setStarting(undefined);
    }
  };
  return { ask, error, starting };
}
