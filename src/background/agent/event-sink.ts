import type { RunEvent } from '../../shared/run-events';
import { db } from '../../storage/db';
import { broadcast } from '../event-hub';

/**
 * Every run event goes to IndexedDB (the panel's timeline reads it from there, so it survives
 * restarts) and to the open panels. Text deltas are only streamed: they are re-sent as whole
 * thoughts and actions anyway. Writes are chained so the timeline keeps the agent's order.
 */
export function eventSink(chatId: string): (event: RunEvent) => void {
  let chain: Promise<unknown> = Promise.resolve();
  return (event) => {
    broadcast({ type: 'event', event });
    if (event.type === 'text_delta') return;
    chain = chain.then(() => db().events.add({ ...event, chatId })).catch((error) => console.error('could not store run event', error));
  };
}
