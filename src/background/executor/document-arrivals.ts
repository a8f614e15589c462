/**
 * A content script's first message when it starts in a tab's top frame (`recording.status`) is
 * the earliest sign that the tab's new document can answer. A wait for that document
 * (chrome-port.ts `waitForDocument`) wakes on it and asks at once, instead of at its next poll.
 */
const waiting = new Map<number, Set<() => void>>();

export function documentArrived(tabId: number): void {
  for (const wake of waiting.get(tabId) ?? []) wake();
}

/** Calls `wake` each time a document starts in the tab, until the returned stop is called. */
export function onDocumentArrival(tabId: number, wake: () => void): () => void {
  const set = waiting.get(tabId) ?? new Set();
  set.add(wake);
  waiting.set(tabId, set);
  return () => {
    set.delete(wake);
    if (!set.size) waiting.delete(tabId);
  };
}
