import { RpcError } from '../../shared/protocol-core';
import type { PageMessageName } from '../../shared/messages/page';
import { sendToTab } from '../rpc';
import { trustedInput } from './debugger';
import { untrustedInputReason } from '../../platform/trusted-input';
import { reportedWait } from './page-wait';
import { PageGone, type PageParams, type PagePort, type PageResult } from './port';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** The PagePort of a real tab: messages to its top frame, chrome.debugger input, chrome.tabs navigation. */
export function chromePagePort(tabId: number, opts: { trusted?: boolean } = {}): PagePort {
  const port = tabPort(tabId, opts);
  // the panel says "waiting for the page" while the next document takes a while to answer
  return { ...port, waitForDocument: (since, timeoutMs) => reportedWait(tabId, () => port.waitForDocument(since, timeoutMs)) };
}

function tabPort(tabId: number, opts: { trusted?: boolean }): PagePort {
  /**
   * The document a navigate or back leaves: it answers until the next one commits, so a ping from
   * it is no sign of the new page, even when it loaded a moment before the navigation began.
   */
  let leaving: number | undefined;
  const stampLeaving = async () => {
    leaving = await sendToTab(tabId, 'content.ping', {}, { frameId: 0, timeoutMs: 1_000 }).then((p) => p.readyAt, () => undefined);
  };
  return {
    async call<N extends PageMessageName>(name: N, params: PageParams<N>, timeoutMs = 15_000): Promise<PageResult<N>> {
      try {
        return (await sendToTab(tabId, name, params as never, { frameId: 0, timeoutMs })) as PageResult<N>;
      } catch (e) {
        if (e instanceof RpcError && e.code === 'unreachable') throw new PageGone(e.message);
        throw e;
      }
    },
    input: () => (opts.trusted === false ? Promise.resolve(null) : trustedInput(tabId)),
    untrustedReason: untrustedInputReason(),
    async navigate(url) {
      await stampLeaving();
      await chrome.tabs.update(tabId, { url });
    },
    async back() {
      await stampLeaving();
      await chrome.tabs.goBack(tabId);
    },
    async waitForDocument(since, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        try {
          const ping = await sendToTab(tabId, 'content.ping', {}, { frameId: 0, timeoutMs: 1_000 });
          // the old document answers until the new one commits; only a script that started later counts
          if (ping.readyAt >= since - 50 && ping.readyAt !== leaving) {
            leaving = undefined;
            return ping.url;
          }
        } catch {
          // between documents nobody answers
        }
        // a ping costs a millisecond or two; a coarse poll would add its half-period to every navigation
        await sleep(25);
      }
      return null;
    },
    async url() {
      return (await chrome.tabs.get(tabId)).url ?? '';
    },
    async title() {
      return (await chrome.tabs.get(tabId)).title ?? '';
    },
  };
}
