import type { ActionResult, BrowserAction } from '../../shared/action';
import type { AimedTarget, ElementInfo, FindQuery, FoundElement, PageSnapshot, SnapshotOptions } from '../../shared/page';
import type { PageMessageName } from '../../shared/messages/page';
import { chromePagePort } from './chrome-port';
import { PageGone, type PageParams, type PagePort, type PageResult } from './port';
import { aim, runAction, type RunOptions } from './runner';
import type { Decide } from './request-hold-core';
import type { Screenshot, ViewportLayout } from '../../shared/vision';
import { captureScreenshot } from '../vision/capture';
import { downloadsSince, withDownloads } from './downloads';

export interface TabBrowser {
  snapshot(opts: SnapshotOptions): Promise<PageSnapshot>;
  find(q: FindQuery): Promise<FoundElement[]>;
  describe(id: number): Promise<ElementInfo | null>;
  describeFocused(): Promise<ElementInfo | null>;
  /** the action's element with its facts and its point, in one look (null: describe it instead) */
  aim(action: BrowserAction): Promise<AimedTarget | null>;
  release(): Promise<void>;
  act(action: BrowserAction, guard?: string, aimed?: AimedTarget, decide?: Decide): Promise<ActionResult>;
  /** whether this tab's requests can be held while an action runs (effect-hold.ts) */
  holdsRequests(): Promise<boolean>;
  /** the host of a live connection (a WebSocket) the page opened, whose frames no hold sees; null when none */
  liveConnection(): Promise<string | null>;
  url(): Promise<string>;
  title(): Promise<string>;
  viewport(): Promise<ViewportLayout>;
  describeAt(x: number, y: number): Promise<ElementInfo | null>;
  /** only over a real tab (createTabBrowser): the picture comes from the browser, not the page */
  screenshot?(reason: string): Promise<Screenshot | null>;
}

/** A TabBrowser over any PagePort (the tests use a Playwright one). */
export function tabBrowserOver(port: PagePort, opts: RunOptions = {}): TabBrowser {
  // a page that is between documents answers nothing: wait for the next one, then ask once more
  async function ask<N extends PageMessageName>(name: N, params: PageParams<N>): Promise<PageResult<N>> {
    try {
      return await port.call(name, params);
    } catch (e) {
      if (!(e instanceof PageGone)) throw e;
      // a tab that shows no web page (about:blank, the browser's own pages) gets no content script: no document will answer
      const at = await port.url().catch(() => '');
      if (at && !/^(?:https?|file):/i.test(at)) throw new PageGone(`the tab shows ${at.slice(0, 60)}, not a web page the co-pilot can read or act in`);
      await port.waitForDocument(0, opts.navigationTimeoutMs ?? 15_000);
      return port.call(name, params);
    }
  }
  return {
    snapshot: (o) => ask('page.snapshot', o),
    find: (q) => ask('page.find', q),
    async describe(id) {
      const r = await ask('page.describe', { id });
      return r.ok ? r.info : null;
    },
    async describeFocused() {
      const r = await ask('page.describe', { focused: true });
      return r.ok ? r.info : null;
    },
    aim: (action) => aim(port, action, opts),
    release: async () => void (await port.call('page.release', {}).catch(() => undefined)),
    viewport: () => ask('page.layout', {}),
    async describeAt(x, y) {
      const r = await ask('page.at', { x, y });
      return r.ok ? r.info : null;
    },
    async act(action, guard, aimed, decide) {
      const since = Date.now();
      const result = await runAction(port, action, { ...opts, ...(guard === undefined ? {} : { guard }), ...(aimed ? { aimed } : {}), ...(decide ? { decide } : {}) });
      // a download it began is part of what it did: named in its result
      const begun = await downloadsSince(since, () => port.url(), opts.readDownloads ? { blob: (url) => port.call('page.readBlob', { url }) } : undefined);
      // the page saw its navigation start and thinks it is leaving: it stays, as after an aborted post
      if (begun.notes.length) await port.call('page.release', { stayed: true }).catch(() => undefined);
      return withDownloads(await titled(result, port), begun.notes, begun.url);
    },
    holdsRequests: async () => !!port.holdRequests && port.holdProven?.() !== false && !!(await port.input()),
    liveConnection: async () => (await port.liveConnection?.()) ?? null,
    url: () => port.url(),
    title: async () => (port.title ? port.title() : (await ask('page.snapshot', { budget: 200 })).title),
  };
}

/** The agent's browser port for one tab: the page model and the executor, with trusted input. */
export function createTabBrowser(tabId: number, opts: RunOptions & { trusted?: boolean } = {}): TabBrowser {
  const port = chromePagePort(tabId, { trusted: opts.trusted ?? !opts.domOnly });
  return { ...tabBrowserOver(port, opts), screenshot: (reason) => captureScreenshot(tabId, port, reason) };
}

/** A navigation's result with the new page's title, as the browser's tab shows it (no page message). */
async function titled(result: ActionResult, port: PagePort): Promise<ActionResult> {
  if (!result.ok || result.change.kind !== 'navigation' || !port.title) return result;
  const title = (await port.title().catch(() => '')).trim();
  return title ? { ...result, change: { ...result.change, title } } : result;
}
