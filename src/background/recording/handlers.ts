import type { BackgroundHandlers } from '../handlers';

/** Recording: the content script's captured steps and the side panel's Record controls. */
export function recordingHandlers(): BackgroundHandlers {
  return {};
}
