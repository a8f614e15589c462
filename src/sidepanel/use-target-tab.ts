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

export function useTargetTab(): TargetTab {
  const [tab, setTab] = useState<TargetTab>({});
  useEffect(() => {
    const pinned = Number(new URLSearchParams(location.search).get('tabId')) || undefined;
    let prepared = '';
    const refresh = async () => {
      const t = pinned ? await chrome.tabs.get(pinned).catch(() => undefined) : await activePageTab();
      setTab(t ? { tabId: t.id, url: t.url, title: t.title } : {});
      prepare(t);
    };
    /**
     * The page the panel shows gets the content script (the worker injects it), so a task or a
     * recording started there does not wait for it: when the panel opens, when it shows another
     * tab, and when that tab has loaded another page. Pages the panel does not show get none.
     */
    const prepare = (t: chrome.tabs.Tab | undefined) => {
      // a page loading again (a reload, the same address) is a new document: asked again once loaded
      if (t?.status === 'loading') prepared = '';
      const page = t?.id !== undefined && t.status === 'complete' && /^(https?|file):/.test(t.url ?? '') ? `${t.id} ${t.url}` : '';
      if (!page || page === prepared) return;
      prepared = page;
      void send('tab.prepare', { tabId: t!.id! }).catch(() => {});
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
