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
 * To a tab's content script; its answer is checked here, against the registry, before anything
 * uses it. A top frame with no script yet gets one and the message goes again (the lazy path of
 * executor/content-script.ts): a page the co-pilot is asked about is a page it works in.
 */
export function sendToTab<N extends Parameters<typeof sendChecked>[1]>(tabId: number, name: N, params: Parameters<typeof sendChecked<N>>[2], opts: Options = {}) {
  const { inject = true, ...rest } = opts;
  return sendChecked(tabId, name, params, { ...rest, results: lookup, ...(inject ? { inject: injectForSend } : {}) });
}
