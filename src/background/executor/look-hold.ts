import type { SentRequest } from '../../shared/effect';
import { shutTabWrites } from './side-doors';

/**
 * A look that can set off the page's own posts (a scroll: a scroll listener sends as a click's
 * handler does) runs with the tab shut to state-changing requests by a browser rule
 * (side-doors.ts `shutTabWrites`), not under the request hold: the hold would attach the debugger,
 * with its bar and the page resized, to a run that only reads. Nothing is asked: a post a scroll
 * sets off is no step the person could be shown, so it is refused and the look is told.
 */

/** how long after the look settled a post its events set off is still waited for */
const TAIL_MS = 150;
/** how long a refused request's end is waited for (the browser reports it a moment later) */
const END_MS = 1_000;

export async function withWritesShut<T>(tabId: number, act: () => Promise<T>): Promise<{ value: T; refused: SentRequest | null }> {
  let refused: SentRequest | null = null;
  let open = 0;
  let quiet: (() => void) | null = null;
  const began = () => {
    open += 1;
    return {
      ended(r: SentRequest | null) {
        refused ??= r;
        open -= 1;
        if (open === 0) quiet?.();
      },
    };
  };
  const reopen = await shutTabWrites(tabId, began);
  try {
    const value = await act();
    if (!reopen) return { value, refused: null };
    await new Promise((r) => setTimeout(r, TAIL_MS));
    if (open) await Promise.race([new Promise<void>((r) => (quiet = r)), new Promise((r) => setTimeout(r, END_MS))]);
    return { value, refused };
  } finally {
    await reopen?.();
  }
}
