import type { BackgroundHandlers } from '../handlers';

/** Demonstrations and exemplar memory: list, export, import, delete; embeddings through the offscreen document. */
export function memoryHandlers(): BackgroundHandlers {
  return {};
}
