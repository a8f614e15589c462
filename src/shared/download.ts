import { z } from 'zod';
import { lazy } from './lazy';

/**
 * A download an action started, as its result tells it: the file's name and size, and whether it
 * is a program (which the co-pilot never opens, and says so). Its id opens it in the browser's
 * download list. A small text file a chat task downloaded is read back (background/executor/
 * download-text.ts): its text goes to the models with the action's result, never to the timeline.
 */
export const DownloadNote = lazy(() => z.object({
  id: z.number().int(),
  name: z.string(),
  /** bytes; 0 when the site did not say */
  size: z.number().int().nonnegative(),
  mime: z.string().default(''),
  risky: z.boolean().default(false),
  /** the file's text, cut to the models' budget: in the run's steps only, never in a timeline event */
  text: z.string().optional(),
  /** its text was read into the task (the timeline says so; the text itself stays out of it) */
  read: z.boolean().optional(),
  /** why a text file's text was not read (too large, not finished, the site did not answer) */
  unread: z.string().optional(),
}));
export type DownloadNote = z.infer<typeof DownloadNote>;

/** Kinds of file that run as programs or install something: flagged, never opened. */
const PROGRAM = /\.(?:exe|msi|msix|appx|dmg|pkg|app|bat|cmd|com|scr|pif|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|cpl|jar|apk|deb|rpm|sh|run|lnk|reg|dll|iso|img)$/i;

export const isProgram = (name: string): boolean => PROGRAM.test(name.trim());

/** The largest file whose text is read back: a bigger one is named, not read. */
export const TEXT_FILE_MAX_BYTES = 256 * 1024;

const TEXT_NAME = /\.(?:csv|tsv|txt|text|json)$/i;
const TEXT_MIME = /^(?:text\/(?:csv|plain|tab-separated-values|json|x-csv|comma-separated-values)|application\/(?:json|csv|x-csv|[\w.+-]+\+json))$/i;
/** what servers send for any file: the name decides then */
const ANY_MIME = /^(?:application\/(?:octet-stream|force-download|x-download|download|binary)|binary\/octet-stream)?$/i;

/**
 * Whether a download is a text file whose text may be read back: CSV, TSV, TXT or JSON by its type,
 * or by its name when the type says nothing (octet-stream, none). A program never is, whatever its
 * type claims; nor is a name of another kind under a text type (report.html sent as text/plain).
 */
export function isTextFile(name: string, mime: string): boolean {
  if (isProgram(name)) return false;
  const type = mime.split(';')[0]?.trim() ?? '';
  const ext = /\.[^.\\/]+$/.exec(name.trim())?.[0] ?? '';
  if (TEXT_MIME.test(type)) return !ext || TEXT_NAME.test(name.trim()) || !/^\.[a-z0-9]{1,5}$/i.test(ext);
  return ANY_MIME.test(type) && TEXT_NAME.test(name.trim());
}
