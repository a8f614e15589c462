// A PagePort over Playwright, so the service worker's action runner (the same code, including
// the CDP calls in cdp-input.ts) runs on plain pages without the extension: page-tools.js
// (dist-tools/, built by test/e2e/page-model/harness.ts) must be injected into every document.
// Used by the executor e2e suites and, bundled, by the agent bench (scripted-bench.ts).
import type { CDPSession, Page } from 'playwright-core';
import type { PageMessageName } from '../../src/shared/messages/page';
import { PageGone, type PageParams, type PagePort, type PageResult } from '../../src/background/executor/port';
import { requestHolder, type HoldTransport, type RequestHolder } from '../../src/background/executor/request-hold-core';

/** The request hold's transport over a Playwright CDP session: the same hold the extension runs over chrome.debugger. */
function cdpTransport(cdp: CDPSession): HoldTransport {
  return {
    send: (method, params) => cdp.send(method as 'Fetch.enable', params as never),
    onPaused(listener) {
      cdp.on('Fetch.requestPaused', listener);
      return () => void cdp.off('Fetch.requestPaused', listener);
    },
    // the page's own image load, as the content script makes it in the extension
    probe: async (url) => void (await cdp.send('Runtime.evaluate', { expression: `new Image().src = ${JSON.stringify(url)}` })),
  };
}

const GONE = /Execution context was destroyed|navigation|has been closed|frame was detached|Target closed|Cannot find context/i;

interface PageTools {
  CopilotPageTools: { handle(name: string, params: unknown): unknown };
}

/** One hold per session, as the extension keeps one per tab: a second would switch the first's interception off. */
const holders = new WeakMap<CDPSession, RequestHolder>();
function holderOf(cdp: CDPSession): RequestHolder {
  let h = holders.get(cdp);
  if (!h) holders.set(cdp, (h = requestHolder(cdpTransport(cdp), { tailMs: 30, graceMs: 1_500 })));
  return h;
}

/**
 * Ends the session's hold, as the extension does when a run ends (effect-hold.ts `beforeRelease`):
 * a hold left on keeps its last action's decider for the grace, so the next run's first post in
 * the same tab would be asked of the run that already ended.
 */
export async function endHold(cdp: CDPSession): Promise<void> {
  await holders.get(cdp)?.close();
}

/**
 * `cdp`: the page's CDP session for trusted input, or null to leave the DOM-level fallback in use.
 * `holdRequests`: hold the page's requests while an action runs, as the extension does in Chrome.
 */
export function playwrightPort(page: Page, cdp: CDPSession | null, opts: { holdRequests?: boolean } = {}): PagePort {
  const holder = cdp && opts.holdRequests ? holderOf(cdp) : null;
  const hold: Pick<PagePort, 'holdRequests'> = holder ? { holdRequests: (decide, act) => holder.run(decide, act) } : {};
  return {
    ...hold,
    async call<N extends PageMessageName>(name: N, params: PageParams<N>): Promise<PageResult<N>> {
      try {
        return (await page.evaluate(([n, p]) => (window as unknown as PageTools).CopilotPageTools.handle(n, p), [name, params] as const)) as PageResult<N>;
      } catch (e) {
        if (GONE.test(e instanceof Error ? e.message : String(e))) throw new PageGone(String(e));
        throw e;
      }
    },
    input: async () => (cdp ? (method, params) => cdp.send(method as 'Input.insertText', params as never) : null),
    async navigate(url) {
      await page.goto(url, { waitUntil: 'commit' });
    },
    async back() {
      await page.goBack({ waitUntil: 'commit' });
    },
    async waitForDocument(since, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        try {
          const s = await page.evaluate(() => ({ t: performance.timeOrigin, ready: 'CopilotPageTools' in window && document.readyState !== 'loading', url: location.href }));
          if (s.ready && s.t >= since - 50) return s.url;
        } catch {
          // between documents
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      return null;
    },
    url: async () => page.url(),
  };
}
