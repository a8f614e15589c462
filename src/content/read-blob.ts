import { TEXT_FILE_MAX_BYTES } from '../shared/download';

/**
 * A file the page made in the browser and offered as a download (a `blob:` address): only a
 * document of the page's own origin can read it, so the worker asks the page. Reading it sends
 * nothing anywhere: the bytes are in this browser. Only this page's own blob addresses, at most
 * 256 KB; a page that revoked the address after the click (most do) has nothing left to read.
 */
export async function readBlob(url: string): Promise<{ ok: true; text: string } | { ok: false; reason: string }> {
  if (!url.startsWith(`blob:${location.origin}/`)) return { ok: false, reason: 'another page made it' };
  let blob: Blob;
  try {
    blob = await (await fetch(url)).blob();
  } catch {
    return { ok: false, reason: 'the page no longer holds it' };
  }
  if (blob.size > TEXT_FILE_MAX_BYTES) return { ok: false, reason: `larger than ${TEXT_FILE_MAX_BYTES / 1024} KB` };
  // as text (UTF-8): in Firefox, the page's blob's ArrayBuffer belongs to the page, and a typed
  // array made over it from here is refused ("Permission denied to access property constructor")
  return { ok: true, text: await blob.text() };
}
