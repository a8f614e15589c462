// The service worker's side of the typed protocol lives in src/platform/rpc.ts, shared by every context.
import { sendToTab as sendChecked } from '../platform/rpc';
import { lookup } from '../shared/protocol';

export { listen, dispatch, classifySender } from '../platform/rpc';

/** To a tab's content script; its answer is checked here, against the registry, before anything uses it. */
export const sendToTab: typeof sendChecked = (tabId, name, params, opts = {}) => sendChecked(tabId, name, params, { ...opts, results: lookup });
