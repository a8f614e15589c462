/**
 * Waits for a tab's next document to answer, told to whoever listens (the runs), so the panel can
 * say "waiting for the page" instead of pausing silently. A wait shorter than SHOW_AFTER_MS (most
 * navigations) is never told: a line that flashes for 100 ms helps nobody.
 */
type Listener = (tabId: number, waiting: boolean) => void;

const SHOW_AFTER_MS = 600;
const listeners = new Set<Listener>();

export function onPageWait(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

const tell = (tabId: number, waiting: boolean) => {
  for (const listener of listeners) listener(tabId, waiting);
};

/** Runs `body` (a wait for the tab's document); listeners hear when it has taken a while, and when it ended. */
export async function reportedWait<T>(tabId: number, body: () => Promise<T>): Promise<T> {
  let told = false;
  const timer = setTimeout(() => {
    told = true;
    tell(tabId, true);
  }, SHOW_AFTER_MS);
  try {
    return await body();
  } finally {
    clearTimeout(timer);
    if (told) tell(tabId, false);
  }
}
