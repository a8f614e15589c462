import type { ContentHandlers } from '../handlers';

/** Replay's side in the page: finding a recorded element again from its fingerprint. */
export const replayHandlers: ContentHandlers = {};
