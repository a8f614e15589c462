import { wakeOn } from '../platform/wake';

/**
 * The first time the co-pilot is installed, a tab says where it lives: Chrome puts a new
 * extension's icon in the Extensions menu, not on the toolbar, so a person who installed it may
 * never find the panel. The side panel itself cannot be opened here (the browser opens it only in
 * answer to a click), so the tab offers the click. Said once per profile: a flag in local storage,
 * because a browser started with the extension loaded from a folder may report an install again.
 */
const SHOWN = 'welcomeShown';

export function welcomeOnInstall(): void {
  wakeOn('runtime.onInstalled', ({ reason }) => {
    if (reason !== 'install') return;
    void chrome.storage.local.get(SHOWN).then(async (got) => {
      if (got[SHOWN]) return;
      await chrome.storage.local.set({ [SHOWN]: true });
      await chrome.tabs.create({ url: chrome.runtime.getURL('welcome.html') });
    });
  });
}
