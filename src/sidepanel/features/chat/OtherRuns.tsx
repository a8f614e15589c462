import { useEffect, useState } from 'react';
import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../storage/db';
import { LIVE_STATUSES } from './waiting';
import { runHasTab } from './run-tabs';

const STATE: Record<string, string> = { running: 'working', waiting: 'waiting for you', paused: 'paused' };

/** Tasks going on in other tabs than the one this panel shows: named, with a way to go there. */
/** Brings a tab to the front, in its window. */
export async function showTab(id: number): Promise<void> {
  const tab = await chrome.tabs.update(id, { active: true });
  if (tab?.windowId !== undefined) await chrome.windows.update(tab.windowId, { focused: true });
}

export function OtherRuns({ tabId }: { tabId?: number }) {
  const runs = useLiveQuery(() => db().runs.where('status').anyOf(LIVE_STATUSES).toArray(), []) ?? [];
  // a run that works in or opened this tab is the one the panel shows, not another
  const others = runs.filter((r) => !runHasTab(r, tabId));
  const [titles, setTitles] = useState<Record<number, string>>({});
  const key = others.map((r) => r.tabId).join(',');
  useEffect(() => {
    let live = true;
    void Promise.all(key.split(',').filter(Boolean).map(Number).map(async (id) => [id, (await chrome.tabs.get(id).catch(() => undefined))?.title ?? 'another tab'] as const)).then(
      (pairs) => live && setTitles(Object.fromEntries(pairs)),
    );
    return () => {
      live = false;
    };
  }, [key]);
  if (!others.length) return null;
  return (
    <ul className="other-runs small" data-testid="other-runs" aria-label="Tasks in other tabs">
      {others.map((r) => (
        <li key={r.runId} className="row">
          <span className="other-run-what">
            Also {STATE[r.status] ?? 'working'} in: {titles[r.tabId] ?? 'another tab'}
          </span>
          <button className="link" onClick={() => void showTab(r.tabId)}>
            Go to that tab
          </button>
        </li>
      ))}
    </ul>
  );
}
