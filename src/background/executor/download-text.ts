import { isTextFile, TEXT_FILE_MAX_BYTES } from '../../shared/download';
import { sizeInWords } from '../../shared/attachment';
import { cutToTokens } from '../../core/tokens';

/**
 * The text of a small text file a chat task downloaded, read back for the models.
 *
 * How the bytes are had: an extension cannot read a file from the person's disk (the downloads API
 * names, shows and opens files, it never reads them), so the text is had from where the browser got
 * it, with nothing sent anywhere new:
 * - an http(s) download: the worker asks the very address the browser downloaded (its final one,
 *   after redirects) once more with a GET and the person's cookies, as the page's own request did;
 *   it follows no redirect, sends no referrer, and sends nothing else. That is a second request to
 *   the same server, which already answered the same one: a site that serves a file only once
 *   answers it with an error, and the file is then named, not read.
 * - a data: address holds the file itself: decoded here, with no request at all.
 * - a blob: address (a file the page made in the browser) can be read only from the page's own
 *   origin: the page's content script reads it (`page.readBlob`), with no request either. Many
 *   pages revoke it right after the click: then it is not read, and the model is told why.
 * The text is cut to `FILE_TOKENS` (the agent's token estimate) with a line that says so; a file
 * over 256 KB, a program, a binary file, or one whose read fails is named with why, never read.
 */
export const FILE_TOKENS = 3_000;
/** how long a read waits for the server */
const FETCH_MS = 5_000;

export interface ReadFrom {
  /** the download's final address */
  url: string;
  name: string;
  mime: string;
  /** what the browser says its size is; 0 when unknown */
  bytes: number;
}

export type ReadOutcome = { text: string } | { unread: string };
/** Reads a page's blob: address in the page (only there can it be read). */
export type BlobReader = (url: string) => Promise<{ ok: true; text: string } | { ok: false; reason: string }>;

const TOO_LARGE = `larger than ${sizeInWords(TEXT_FILE_MAX_BYTES)}`;

/** Reads a text download's text (undefined for a file that is not text: nothing is said). */
export async function readDownloadText(from: ReadFrom, get: typeof fetch = fetch, blob?: BlobReader): Promise<ReadOutcome | undefined> {
  if (!isTextFile(from.name, from.mime)) return undefined;
  if (from.bytes > TEXT_FILE_MAX_BYTES) return { unread: TOO_LARGE };
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(from.url)?.[1]?.toLowerCase() ?? '';
  let bytes: Uint8Array | string;
  try {
    if (scheme === 'data') bytes = fromDataUrl(from.url);
    else if (scheme === 'http' || scheme === 'https') bytes = await fetchAgain(from.url, get);
    else if (scheme === 'blob' && blob) bytes = await fromPage(from.url, blob);
    else return { unread: scheme === 'blob' ? 'the page made it in the browser, where only the page can read it' : `its address (${scheme || 'none'}) cannot be read again` };
  } catch (e) {
    return { unread: e instanceof Unread ? e.message : 'the site did not send it again' };
  }
  const text = typeof bytes === 'string' ? (bytes.slice(0, 8192).includes('\0') ? null : bytes) : decode(bytes);
  if (text === null) return { unread: 'it is not text' };
  if (text.length > TEXT_FILE_MAX_BYTES) return { unread: TOO_LARGE };
  return { text: cutToTokens(text.replace(/\r\n?/g, '\n'), FILE_TOKENS).text };
}

class Unread extends Error {}

/** The same GET as the download's, once, up to 256 KB: no redirect followed, no referrer. */
async function fetchAgain(url: string, get: typeof fetch): Promise<Uint8Array> {
  const res = await get(url, { method: 'GET', credentials: 'include', redirect: 'error', referrerPolicy: 'no-referrer', signal: AbortSignal.timeout(FETCH_MS) });
  if (!res.ok) throw new Unread(`the site answered ${res.status} when it was asked for it again`);
  const reader = res.body?.getReader();
  if (!reader) return new Uint8Array(await res.arrayBuffer());
  const parts: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > TEXT_FILE_MAX_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new Unread(TOO_LARGE);
    }
    parts.push(value);
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const p of parts) all.set(p, (at += p.byteLength) - p.byteLength);
  return all;
}

/** A blob: address's text, as the page that made it reads it. */
async function fromPage(url: string, blob: BlobReader): Promise<string> {
  const r = await blob(url).catch(() => ({ ok: false as const, reason: 'the page did not answer' }));
  if (!r.ok) throw new Unread(r.reason);
  return r.text;
}

/** A data: address's content: base64 decoded to bytes, anything else percent-decoded. */
function fromDataUrl(url: string): Uint8Array | string {
  const comma = url.indexOf(',');
  if (comma < 0) throw new Unread('its data: address holds nothing');
  const head = url.slice(5, comma);
  const body = url.slice(comma + 1);
  if (body.length > TEXT_FILE_MAX_BYTES * 2) throw new Unread(TOO_LARGE);
  if (/;base64$/i.test(head)) return Uint8Array.from(atob(body), (c) => c.charCodeAt(0));
  return decodeURIComponent(body);
}

/** UTF-8 text, or null for bytes that are not text (a NUL byte in its first 8 KB). */
function decode(bytes: Uint8Array): string | null {
  if (bytes.subarray(0, 8192).includes(0)) return null;
  return new TextDecoder('utf-8').decode(bytes);
}
