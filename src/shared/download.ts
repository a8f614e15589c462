import { z } from 'zod';
import { lazy } from './lazy';

/**
 * A download an action started, as its result tells it: the file's name and size, and whether it
 * is a program (which the co-pilot never opens, and says so). Its id opens it in the browser's
 * download list.
 */
export const DownloadNote = lazy(() => z.object({
  id: z.number().int(),
  name: z.string(),
  /** bytes; 0 when the site did not say */
  size: z.number().int().nonnegative(),
  mime: z.string().default(''),
  risky: z.boolean().default(false),
}));
export type DownloadNote = z.infer<typeof DownloadNote>;

/** Kinds of file that run as programs or install something: flagged, never opened. */
const PROGRAM = /\.(?:exe|msi|msix|appx|dmg|pkg|app|bat|cmd|com|scr|pif|ps1|psm1|vbs|vbe|js|jse|wsf|wsh|hta|cpl|jar|apk|deb|rpm|sh|run|lnk|reg|dll|iso|img)$/i;

export const isProgram = (name: string): boolean => PROGRAM.test(name.trim());
