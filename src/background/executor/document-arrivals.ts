/**
 * A content script's first message when it starts in a tab's top frame (`recording.status`) is
 * the earliest sign that the tab's new document can answer: it is sent once the script listens. A
 * wait for that document (chrome-port.ts `waitForDocument`) takes it as the document's answer,
 * as it takes a ping's, instead of asking the page again.
 */
export interface Arrival {
  /** the document's address, as the browser reports the sender */
  url: string;
  /** when its content script started (the page's Date.now()), as content.ping reports it */
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
