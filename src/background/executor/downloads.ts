import { isProgram, isTextFile, type DownloadNote } from '../../shared/download';
import type { ActionResult } from '../../shared/action';
import { sizeInWords } from '../../shared/attachment';
import { readDownloadText, type BlobReader } from './download-text';
import { wakeOn } from '../../platform/wake';

/**
 * Downloads, seen as the effect of the action that started them: the worker notes every download
 * the browser begins (`downloads` API, Chrome and Firefox), and an action's result names those that
 * began while it ran from its page (by the download's referrer or address), so the model and the
 * timeline know an invoice was saved and the run does not click again. A program is flagged and
 * never opened; the co-pilot only shows a download in its folder when the person asks.
 */
interface Seen {
  id: number;
  at: number;
  url: string;
  referrer: string;
  name: string;
  mime: string;
  bytes: number;
  /** in_progress, complete or interrupted, as the browser says */
  state: string;
}

const seen = new Map<number, Seen>();
const KEEP_MS = 60_000;
/** how long a result waits for the browser to name a download it has only just begun */
const NAME_MS = 500;
/** how long a result that reads a text file waits for its download to finish */
const FINISH_MS = 3_000;

const baseName = (path: string) => path.split(/[\\/]/).pop() ?? '';
const nameFromUrl = (url: string) => {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
};
const originOf = (url: string) => {
  try {
    const u = new URL(url.startsWith('blob:') ? url.slice(5) : url);
    return u.origin;
  } catch {
    return '';
  }
};

function forget(now: number): void {
  for (const [id, d] of seen) if (now - d.at > KEEP_MS) seen.delete(id);
}

/** Registered at the worker's start (listeners of an MV3 worker must be added at its top level). */
export function watchDownloads(api?: Pick<typeof chrome.downloads, 'onCreated' | 'onChanged'>): void {
  const created = (d: chrome.downloads.DownloadItem) => {
    forget(Date.now());
    seen.set(d.id, { id: d.id, at: Date.now(), url: d.finalUrl || d.url, referrer: d.referrer ?? '', name: baseName(d.filename ?? ''), mime: d.mime ?? '', bytes: Math.max(0, d.totalBytes ?? 0, d.fileSize ?? 0), state: d.state ?? 'in_progress' });
  };
  const changed = (delta: chrome.downloads.DownloadDelta) => {
    const d = seen.get(delta.id);
    if (!d) return;
    if (delta.filename?.current) d.name = baseName(delta.filename.current);
    if (delta.totalBytes?.current) d.bytes = Math.max(d.bytes, delta.totalBytes.current);
    if (delta.fileSize?.current) d.bytes = Math.max(d.bytes, delta.fileSize.current);
    if (delta.mime?.current) d.mime = delta.mime.current;
    if (delta.state?.current) d.state = delta.state.current;
  };
  // a given API (the unit tests) is listened to directly; the browser's through the waking table
  if (api) {
    api.onCreated.addListener(created);
    api.onChanged.addListener(changed);
    return;
  }
  wakeOn('downloads.onCreated', created);
  wakeOn('downloads.onChanged', changed);
}

/** The downloads begun at or after `since` (and lately: one older than a minute is forgotten) whose referrer or address has the page's origin. */
function fromPage(since: number, pageUrl: string): Seen[] {
  const origin = originOf(pageUrl);
  const now = Date.now();
  if (!origin || since <= 0) return [];
  return [...seen.values()].filter((d) => d.at >= since && now - d.at <= KEEP_MS && (originOf(d.referrer) === origin || originOf(d.url) === origin));
}

/**
 * Whether a download began from this page since `since`: a link's navigation that became one loads
 * no document to wait for. A wait with no start of its own (`since` 0) is never ended this way.
 */
export const downloadBegunSince = (since: number, pageUrl: string): boolean => fromPage(since, pageUrl).length > 0;

/** Whether the browser began any download since `since`: a check with no cost, before asking a tab's address. */
export const anyDownloadSince = (since: number): boolean => since > 0 && [...seen.values()].some((d) => d.at >= since);

/**
 * Downloads begun at or after `since` from the page at `pageUrl` (none when no download began: no
 * wait), and that page's address. With `read` (a chat task's actions), a text file's text is read
 * back once its download has finished (download-text.ts; a blob: one by `read.blob`, in the page);
 * a replay's steps only name theirs.
 */
export async function downloadsSince(since: number, pageUrl: () => Promise<string>, read?: { blob?: BlobReader }): Promise<{ notes: DownloadNote[]; url: string }> {
  if (![...seen.values()].some((d) => d.at >= since)) return { notes: [], url: '' };
  const url = await pageUrl().catch(() => '');
  // only this page's: another tab's download, or one whose page cannot be told, is not this action's
  const ours = fromPage(since, url);
  if (!ours.length) return { notes: [], url };
  // the browser names the file a moment after it begins (after the response's headers)
  await waitFor(() => ours.every((d) => d.name), NAME_MS);
  const notes = await Promise.all(ours.map(async (d) => {
    const name = d.name || nameFromUrl(d.url) || 'download';
    const note: DownloadNote = { id: d.id, name, size: d.bytes, mime: d.mime, risky: isProgram(name) };
    return read ? { ...note, ...(await readBack(d, name, read.blob)) } : note;
  }));
  return { notes, url };
}

const waitFor = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
};

/** A finished text download's text, or why it was not read; nothing for a file that is not text. */
async function readBack(d: Seen, name: string, blob?: BlobReader): Promise<Partial<DownloadNote>> {
  // a file that is not text is never waited for
  if (!isTextFile(name, d.mime)) return {};
  await waitFor(() => d.state !== 'in_progress', FINISH_MS);
  if (d.state === 'interrupted') return { unread: 'its download did not finish' };
  if (d.state !== 'complete') return { unread: 'it was still downloading' };
  const out = await readDownloadText({ url: d.url, name, mime: d.mime, bytes: d.bytes }, fetch, blob);
  return !out ? {} : 'text' in out ? { text: out.text, read: true } : { unread: out.unread };
}

/**
 * The result of an action, with the downloads it began named for the model and the timeline. A
 * link whose navigation became a download left the page where it was (`pageUrl`, the tab's address
 * now): that is said, not "loaded" the same page.
 */
export function withDownloads(result: ActionResult, downloads: DownloadNote[], pageUrl = ''): ActionResult {
  if (!result.ok || !downloads.length) return result;
  const stayed = result.change.kind === 'navigation' && result.change.url === pageUrl;
  const change = stayed ? { ...result.change, kind: 'none' as const, summary: 'the page stayed' } : result.change;
  const words = downloads.map((d) => {
    const details = [d.mime, d.size ? sizeInWords(d.size) : ''].filter(Boolean).join(', ');
    const read = d.read ? ', its text is shown below, after the log' : d.unread ? `, its text was not read: ${d.unread}` : '';
    return `started a download: ${d.name}${details ? ` (${details})` : ''}${d.risky ? ', a program, which the co-pilot never opens' : read}`;
  });
  return { ...result, change: { ...change, downloads, summary: [change.summary, ...words].filter(Boolean).join('; ') } };
}

/** Shows a download in its folder, at the person's request from the timeline. */
export async function showDownload(id: number, api: typeof chrome.downloads | undefined = globalThis.chrome?.downloads): Promise<{ ok: boolean; message: string }> {
  if (!api) return { ok: false, message: 'This browser does not let the co-pilot show downloads.' };
  const [item] = await api.search({ id });
  if (!item?.exists) return { ok: false, message: 'That download is not on this computer any more.' };
  api.show(id);
  return { ok: true, message: '' };
}
