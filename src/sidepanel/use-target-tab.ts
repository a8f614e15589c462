import { useEffect, useState } from 'react';
import { send } from '../platform/rpc';

export interface TargetTab {
  tabId?: number;
  url?: string;
  title?: string;
}

/**
 * The tab the co-pilot acts on: the active tab of the panel's window, followed as the person
 * switches tabs. `?tabId=N` pins it (used when the panel page is opened in a tab of its own).
 */
/** The active tab of this window, or, when that is one of our own pages, the page used last. */
async function activePageTab(): Promise<chrome.tabs.Tab | undefined> {
  const own = chrome.runtime.getURL('');
  const tabs = await chrome.tabs.query({ currentWindow: true });
  const pages = tabs.filter((t) => !t.url?.startsWith(own));
  return pages.find((t) => t.active) ?? pages.sort((a, b) => (b.lastAccessed ?? 0) - (a.lastAccessed ?? 0))[0];
}

/** The tab the panel shows now: the pinned one (`?tabId=N`), else the window's active page. */
export async function currentTargetTab(): Promise<chrome.tabs.Tab | undefined> {
  const pinned = Number(new URLSearchParams(location.search).get('tabId')) || undefined;
  return pinned ? chrome.tabs.get(pinned).catch(() => undefined) : activePageTab();
}

export function useTargetTab(): TargetTab {
  const [tab, setTab] = useState<TargetTab>({});
  useEffect(() => {
    const pinned = Number(new URLSearchParams(location.search).get('tabId')) || undefined;
    let prepared: number | undefined;
    const refresh = async () => {
      const t = pinned ? await chrome.tabs.get(pinned).catch(() => undefined) : await activePageTab();
      setTab(t ? { tabId: t.id, url: t.url, title: t.title } : {});
      prepare(t);
    };
    /**
     * The page the panel shows gets the content script (the worker injects it), so a task or a
     * recording started there does not wait for it: when the panel opens and when it shows another
     * tab, once that tab rests on a web page. Not for every page the tab loads after that: a
     * person may keep the panel open while browsing, and those pages get the script only when the
     * co-pilot is asked to work there (content-script.ts).
     */
    const prepare = (t: chrome.tabs.Tab | undefined) => {
      if (t?.id === undefined || t.id === prepared || t.status !== 'complete' || !/^(https?|file):/.test(t.url ?? '')) return;
      prepared = t.id;
      void send('tab.prepare', { tabId: t.id }).catch(() => {});
    };
    void refresh();
    const onActivated = () => void refresh();
    const onUpdated = (id: number) => {
      if (!pinned || id === pinned) void refresh();
    };
    chrome.tabs.onActivated.addListener(onActivated);
    chrome.tabs.onUpdated.addListener(onUpdated);
    return () => {
      chrome.tabs.onActivated.removeListener(onActivated);
      chrome.tabs.onUpdated.removeListener(onUpdated);
    };
  }, []);
  return tab;
}
