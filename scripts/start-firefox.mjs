// The Firefox half of `npm start -- --browser firefox`: Debian's Firefox ESR with dist/firefox/
// installed as a temporary add-on (Firefox keeps only signed add-ons installed for good), in a
// persistent profile. puppeteer-core starts it and installs the add-on over WebDriver BiDi, the
// way the tests do; nothing is downloaded.
import { launch } from 'puppeteer-core';
import { existsSync, mkdirSync } from 'node:fs';

/** The add-on's storage and its moz-extension:// address survive the temporary add-on's removal at exit. */
const KEEP_DATA_PREFS = {
  'extensions.webextensions.keepStorageOnUninstall': true,
  'extensions.webextensions.keepUuidOnUninstall': true,
};

export const firefoxPath = () => process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export function firefoxMissing() {
  const path = firefoxPath();
  return existsSync(path)
    ? undefined
    : `Firefox was not found at ${path}. Run: npm run setup   (it installs Debian's firefox-esr), or set FIREFOX_PATH.`;
}

/** Starts Firefox on `url` with the extension; resolves to a stop function once it is ready. */
export async function startFirefox({ dist, profile, url, headless }) {
  mkdirSync(profile, { recursive: true });
  const browser = await launch({
    browser: 'firefox',
    executablePath: firefoxPath(),
    headless,
    userDataDir: profile,
    defaultViewport: null,
    extraPrefsFirefox: KEEP_DATA_PREFS,
  });
  const id = await browser.installExtension(dist);
  const [page] = await browser.pages();
  await (page ?? (await browser.newPage())).goto(url);
  return { browser, id, stop: () => browser.close().catch(() => {}) };
}
