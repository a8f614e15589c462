import { send } from '../../platform/rpc';
import type { DemoStep } from '../../shared/demonstration';

/**
 * Sends captured steps to the service worker as soon as they are taken, off the page's event
 * path. Not chained one after another: an Enter that submits a form emits the typing step and
 * the key step in one event and the page unloads right after, so a step waiting for the previous
 * answer would be lost. The service worker keeps steps in time order (`at`) whatever order they
 * arrive in. A step is never logged: it may hold what the person typed.
 */
export function createEmitter(recordingId: string, onRefused: () => void) {
  const inFlight = new Set<Promise<void>>();
  let last = 0;
  return {
    /** a strictly increasing time, so steps taken within one millisecond keep their order */
    stamp(): number {
      last = Math.max(Date.now(), last + 1);
      return last;
    },
    emit(step: DemoStep): void {
      const sent = send('recording.step', { recordingId, step }).then(
        (r) => {
          if (!r.ok) onRefused();
        },
        (error: unknown) => {
          console.warn('[copilot] a recorded step could not be stored:', error instanceof Error ? error.message : 'unknown error');
        },
      );
      inFlight.add(sent);
      void sent.finally(() => inFlight.delete(sent));
    },
    /** resolves when every step emitted so far has been answered */
    async drained(): Promise<void> {
      await Promise.all([...inFlight]);
    },
  };
}
export type Emitter = ReturnType<typeof createEmitter>;
