import { send } from '../../platform/rpc';
import type { DemoStep } from '../../shared/demonstration';

/**
 * Sends captured steps to the service worker one at a time, in the order they happened, off the
 * page's event path. A step is never logged: it may hold what the person typed.
 */
export function createEmitter(recordingId: string, onRefused: () => void) {
  let chain: Promise<void> = Promise.resolve();
  let last = 0;
  return {
    /** a strictly increasing time, so steps taken within one millisecond keep their order */
    stamp(): number {
      last = Math.max(Date.now(), last + 1);
      return last;
    },
    emit(step: DemoStep): void {
      chain = chain.then(async () => {
        try {
          const r = await send('recording.step', { recordingId, step });
          if (!r.ok) onRefused();
        } catch (error) {
          console.warn('[copilot] a recorded step could not be stored:', error instanceof Error ? error.message : 'unknown error');
        }
      });
    },
    /** resolves when every step emitted so far has been answered */
    drained(): Promise<void> {
      return chain;
    },
  };
}
export type Emitter = ReturnType<typeof createEmitter>;
