/**
 * The per-browser part of the manifest. manifest.json at the top of the repository holds what both
 * browsers share; the build (vite.config.ts) adds what differs here, so a difference is written once.
 * Plain data in, plain data out: the build runs this in Node.
 */

export const BROWSERS = ['chrome', 'firefox'] as const;
export type TargetBrowser = (typeof BROWSERS)[number];

/** The add-on id Firefox needs for an MV3 add-on (and for its storage to survive reinstalls). */
export const GECKO_ID = 'copilot@browser-copilot.example';

/** The background script as both manifests name it; src/platform/origin.ts accepts its URL as the background. */
export const BACKGROUND_SCRIPT = 'background.js';

/**
 * Chrome's worker loads the provider SDKs from this script at its first model call
 * (src/background/providers/sdks-script.ts); Firefox's background has them in its own file.
 */
export const PROVIDERS_SCRIPT = 'providers.js';

/**
 * Chrome's worker: everything the background does but answer the panel's greeting, a classic
 * script the boot (background.js, src/background/boot.ts) loads with `importScripts` a moment after
 * its start; Firefox's background has it all in its own file.
 */
export const MAIN_SCRIPT = 'worker-main.js';

/**
 * The content script: no manifest declares it. The worker injects it into the tabs the co-pilot
 * reads, acts in, records or replays (src/background/executor/content-script.ts), so the pages a
 * person opens without it pay nothing.
 */
export const CONTENT_SCRIPT = 'content.js';

/**
 * The first lines inside the content script's IIFE (the build puts them there, ahead of every
 * module's top-level code): a second injection into the same document returns at once. Two ways
 * in may race for one document (a new page of a worked tab, and a message that found no script
 * there), and a second copy would answer every message twice and record every step twice. The
 * flag lives in the extension's isolated world, which the page cannot see or set.
 */
export const CONTENT_SCRIPT_ONCE = "if (globalThis.__copilotContentScript) return; globalThis.__copilotContentScript = true;";

/**
 * Permissions only one browser has: Firefox refuses the first three names as invalid (its sidebar
 * needs none); the last two serve the request hold's side doors (src/background/executor/side-doors.ts),
 * which Firefox, with no hold, does not use. Neither adds a warning beside the host permissions.
 */
const CHROME_ONLY_PERMISSIONS = ['sidePanel', 'debugger', 'offscreen', 'declarativeNetRequest', 'webRequest'];

type Manifest = Record<string, unknown> & { permissions?: string[] };

export function manifestFor(base: Manifest, browser: TargetBrowser, version: string): Manifest {
  const { side_panel: _sidePanel, background: _background, browser_specific_settings: _gecko, minimum_chrome_version: minChrome, ...rest } = base;
  const shared = Object.fromEntries(Object.entries(rest).filter(([key]) => !key.startsWith('//')));
  const title = (base.action as { default_title?: string } | undefined)?.default_title ?? String(base.name);
  if (browser === 'chrome') {
    return {
      ...shared,
      version,
      minimum_chrome_version: minChrome ?? '116',
      side_panel: { default_path: 'sidepanel.html' },
      // a classic service worker, no import() (vite.config.ts builds it so): the boot, which loads
      // MAIN_SCRIPT with importScripts; classic, it starts about 20 ms sooner than the same code as
      // a module worker (bench "Extension")
      background: { service_worker: BACKGROUND_SCRIPT },
      permissions: unique([...(base.permissions ?? []), ...CHROME_ONLY_PERMISSIONS]),
    };
  }
  return {
    ...shared,
    version,
    // Firefox runs MV3 backgrounds as event pages (a document, so the embedding model can live in a frame of it)
    background: { scripts: [BACKGROUND_SCRIPT], type: 'module' },
    sidebar_action: { default_panel: 'sidepanel.html', default_title: title, open_at_install: false },
    browser_specific_settings: { gecko: { id: GECKO_ID, strict_min_version: '128.0', data_collection_permissions: { required: ['none'] } } },
    permissions: (base.permissions ?? []).filter((p) => !CHROME_ONLY_PERMISSIONS.includes(p)),
  };
}

function unique(list: string[]): string[] {
  return [...new Set(list)];
}
