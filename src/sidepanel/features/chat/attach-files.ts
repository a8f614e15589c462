import { MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL, type FilePayload } from '../../../shared/attachment';

/** A file chosen or dropped in the composer, read only when the message is sent. */
export type Picked = File;

/** Adds chosen files to those already attached: a file over the limit, or one too many, is refused with words that say so. */
export function addFiles(had: Picked[], more: File[]): { files: Picked[]; problem?: string } {
  const files = [...had];
  const problems: string[] = [];
  for (const f of more) {
    if (f.size > MAX_ATTACHMENT_BYTES) problems.push(`${f.name} is larger than 10 MB, so it was not attached.`);
    else if (files.length >= MAX_ATTACHMENTS) problems.push(`At most ${MAX_ATTACHMENTS} files go with one message; ${f.name} was not attached.`);
    else if (files.reduce((n, x) => n + (x.name === f.name ? 0 : x.size), f.size) > MAX_ATTACHMENTS_TOTAL) problems.push(`The files of one message come to 25 MB at most; ${f.name} was not attached.`);
    // the same name twice: the newer one replaces the other (an upload names its file)
    else files.splice(0, files.length, ...files.filter((x) => x.name !== f.name), f);
  }
  return problems.length ? { files, problem: problems.join(' ') } : { files };
}

function base64(bytes: Uint8Array): string {
  let text = '';
  // in slices: one call with a whole file's bytes as arguments overflows the stack
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The files as the worker receives them with the message. */
export async function readFiles(files: Picked[]): Promise<FilePayload[]> {
  return Promise.all(files.map(async (f) => ({ name: f.name, type: f.type, size: f.size, data: base64(new Uint8Array(await f.arrayBuffer())) })));
}
