/**
 * Chrome stops an idle extension service worker after 30 s, and waiting for a model's answer does
 * not count as activity. While a run is active, a cheap extension API call every 20 s resets the
 * idle timer. Runs are persisted anyway, so this only spares a resume, it is not what saves work.
 */
const holders = new Set<string>();
let timer: ReturnType<typeof setInterval> | undefined;

export function holdAlive(id: string): () => void {
  holders.add(id);
  timer ??= setInterval(() => void chrome.runtime.getPlatformInfo(), 20_000);
  return () => {
    holders.delete(id);
    if (holders.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
