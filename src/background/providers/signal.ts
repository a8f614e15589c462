import type { AbortSignalLike } from '../../shared/llm';

/**
 * The agent core hands over a minimal signal (it has no DOM types); the SDKs need a real
 * AbortSignal, so one is made that aborts when the core's does.
 */
export function realSignal(like: AbortSignalLike | undefined): AbortSignal | undefined {
  if (!like) return undefined;
  if (typeof AbortSignal !== 'undefined' && like instanceof AbortSignal) return like;
  const controller = new AbortController();
  if (like.aborted) controller.abort();
  else like.addEventListener('abort', () => controller.abort());
  return controller.signal;
}
