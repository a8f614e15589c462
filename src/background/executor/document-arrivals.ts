/**
 * The worker put the content script into a tab's new document (content-script.ts): the earliest
 * sign that the document can answer. A wait for that document (chrome-port.ts `waitForDocument`)
 * takes it as the document's answer, as it takes a ping's, instead of asking the page again.
 */
export interface Arrival {
  /** the document's address, as the browser reports the sender */
  url: string;
  /** when its content script started (the worker's Date.now() once the injection returned) */
  startedAt: number;
}

const waiting = new Map<number, Set<(doc?: Arrival) => void>>();

export function documentArrived(tabId: number, doc?: Arrival): void {
  for (const told of waiting.get(tabId) ?? []) told(doc);
}

/** Calls `told` each time a document starts in the tab, until the returned stop is called. */
export function onDocumentArrival(tabId: number, told: (doc?: Arrival) => void): () => void {
  const set = waiting.get(tabId) ?? new Set();
  set.add(told);
  waiting.set(tabId, set);
  return () => {
    set.delete(told);
    if (!set.size) waiting.delete(tabId);
  };
}
