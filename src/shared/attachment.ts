import { z } from 'zod';
import { lazy } from './lazy';

/**
 * A file the person attached to a chat message, for the task that message starts: an `upload`
 * action puts it into a file field. Kept for that task only (db.attachments, dropped when the task
 * ends), never in recordings, demonstrations or the model's prompts (which see its name, type and
 * size).
 */
export const AttachmentInfo = lazy(() => z.object({
  // the name reaches the model's prompt: no line breaks or control characters a file name may carry
  name: z.string().min(1).max(255).transform(cleanFileName),
  /** the MIME type the browser gave the file; empty when it did not know */
  type: z.string().max(200).default(''),
  size: z.number().int().nonnegative(),
}));
export type AttachmentInfo = z.infer<typeof AttachmentInfo>;

/** An attachment with its bytes (base64: extension messages carry JSON), as the panel sends it and the page receives it. */
export const FilePayload = lazy(() => AttachmentInfo.extend({ data: z.string() }));
export type FilePayload = z.infer<typeof FilePayload>;

/** A file larger than this is refused at attaching (a message carries it base64, a third larger). */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;
/** at most this many files for one message */
export const MAX_ATTACHMENTS = 5;
/** and at most this much in all (a message is capped at 64 MB, and the files travel base64) */
export const MAX_ATTACHMENTS_TOTAL = 25 * 1024 * 1024;

/** A file name as it may be shown and sent: control characters (a newline is legal on Linux) become spaces, 120 characters at most. */
export function cleanFileName(name: string): string {
  // eslint-disable-next-line no-control-regex
  const clean = name.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim() || 'file';
  return clean.length > 120 ? `${clean.slice(0, 60)}…${clean.slice(-59)}` : clean;
}

/** "cv.pdf (application/pdf, 12 KB)": how the model reads an attachment (the type matches a field's accept=). */
export function attachmentLine(a: AttachmentInfo): string {
  return `${a.name} (${[a.type, sizeInWords(a.size)].filter(Boolean).join(', ')})`;
}

export function sizeInWords(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}
