import { useEffect, useState } from 'react';

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

export function useTargetTab(): TargetTab {
  const [tab, setTab] = useState<TargetTab>({});
  useEffect(() => {
    const pinned = Number(new URLSearchParams(location.search).get('tabId')) || undefined;
    const refresh = async () => {
      const t = pinned ? await chrome.tabs.get(pinned).catch(() => undefined) : await activePageTab();
      setTab(t ? { tabId: t.id, url: t.url, title: t.title } : {});
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
