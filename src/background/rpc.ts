// The service worker's side of the typed protocol lives in src/platform/rpc.ts, shared by every context.
import { sendToTab as sendChecked } from '../platform/rpc';
import { lookup } from '../shared/protocol';
import { injectForSend } from './executor/content-script';

export { listen, dispatch, classifySender } from '../platform/rpc';

type Options = Omit<NonNullable<Parameters<typeof sendChecked>[3]>, 'inject' | 'results'> & {
  /** false: a tab with no script gets none (a ping that only asks whether the leaving page still answers) */
  inject?: boolean;
};

/**
 * The messages that may open contact with a page: each asks about the page as it is now (or
 * starts something there), so whichever document answers after an injection is the right one.
 * Never one that goes on with work in a document (page.act, page.settle, page.edit, ...): when
 * that document is gone, a new one given a fresh script must not answer for it (a settle would
 * say "nothing changed" about a click that loaded another page).
 */
const OPENS_CONTACT = new Set<string>([
  'content.ping', 'page.snapshot', 'page.find', 'page.layout', 'overlay.show', 'recorder.start', 'recorder.resume',
  'replay.resolve', 'replay.resolveSelectors', 'replay.checkSelectors', 'replay.scrollTo',
]);

/**
 * To a tab's content script; its answer is checked here, against the registry, before anything
 * uses it. A top frame with no script yet gets one and a message that opens contact goes again
 * (the lazy path of executor/content-script.ts): a page the co-pilot is asked about is a page it
 * works in.
 */
export function sendToTab<N extends Parameters<typeof sendChecked>[1]>(tabId: number, name: N, params: Parameters<typeof sendChecked<N>>[2], opts: Options = {}) {
  const { inject = OPENS_CONTACT.has(name), ...rest } = opts;
  return sendChecked(tabId, name, params, { ...rest, results: lookup, ...(inject ? { inject: injectForSend } : {}) });
}
