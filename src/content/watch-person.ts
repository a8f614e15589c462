import { send } from '../platform/rpc';

/**
 * After a run ends, the request hold in the worker still refuses, for its last action's grace, what
 * the page sends (a timer the run's click set may post a moment later). The person's own click on
 * the page's button in that moment must not be refused with it: their first trusted key or pointer
 * press here is reported, which ends the wait (request-hold-core.ts `personActed`). The run is over,
 * so no input of the co-pilot's own is under way: a trusted event now is the person's. Only this
 * document's presses are seen (not those in a frame of another site).
 */
let stopWatching: (() => void) | null = null;

export function watchPerson(ms: number): void {
  stopWatching?.();
  const onPress = (e: Event) => {
    if (!e.isTrusted) return;
    stop();
    void send('overlay.personInput', {}).catch(() => undefined);
  };
  const events = ['pointerdown', 'keydown'] as const;
  const timer = setTimeout(() => stop(), ms);
  const stop = () => {
    clearTimeout(timer);
    for (const type of events) window.removeEventListener(type, onPress, true);
    stopWatching = null;
  };
  for (const type of events) window.addEventListener(type, onPress, true);
  stopWatching = stop;
}
