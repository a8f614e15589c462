// The service worker's side of the typed protocol lives in src/platform/rpc.ts, shared by every context.
export { sendToTab, listen, dispatch, classifySender } from '../platform/rpc';
