import type { BackgroundHandlers } from '../handlers';

/** Saved workflows: library, import/export, replay. */
export function workflowsHandlers(): BackgroundHandlers {
  return {};
}
