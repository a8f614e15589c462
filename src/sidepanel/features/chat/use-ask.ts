import { useState } from 'react';
import { send } from '../../../platform/rpc';
import { keepPendingTask } from './pending-task';
import { readFiles, type Picked } from './attach-files';

/**
 * Sending a task: kept for later before any provider is set up; "waiting for the page" while a
 * loading page is waited for; the reason in plain words when it cannot start (the text then
 * goes back into the box: `ask` answers false).
 */
export function useAsk(tabId: number | undefined, chatId: string | undefined) {
  const [error, setError] = useState<string>();
  const [starting, setStarting] = useState<string>();
  const ask = async (text: string, picked: Picked[] = []): Promise<boolean> => {
    if (tabId === undefined || !chatId) return false;
    setError(undefined);
    if ((await send('system.status', {}).catch(() => null))?.configured === false) {
      // a task kept for later is kept as text; its files stay in the box until a model is set up
      if (picked.length) {
        setError('Set up a model first (the setup above); your files stay attached here.');
        return false;
      }
      keepPendingTask({ tabId, chatId, text });
      return true;
    }
    const loading = (await chrome.tabs.get(tabId).catch(() => undefined))?.status === 'loading';
    setStarting(loading ? 'Waiting for the page to load…' : 'Starting…');
    try {
      await send('agent.chat', { tabId, chatId, text, files: await readFiles(picked) });
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
