import type { AgentAction } from '../../shared/action';
import type { AttachmentInfo } from '../../shared/attachment';
import { hostOf } from './hosts';

/** A file the person attached, and the site they attached it on. */
export type AttachedFile = AttachmentInfo & { site: string };

/**
 * An upload of a file the task was not given: sent back to the model with the files it has (RCI),
 * never run. Null when the file is among the task's.
 */
export function unattachedFile(action: AgentAction, files: AttachedFile[]): string | null {
  if (action.kind !== 'upload' || files.some((f) => f.name === action.file)) return null;
  const have = files.length ? `the files attached are ${files.map((f) => `"${f.name}"`).join(', ')}` : 'the person attached no file to this task';
  return `no file named "${action.file}" was attached; ${have}. Upload only an attached file, or ask the person for it`;
}

/**
 * Sending a person's file is an effect that cannot be taken back: it goes unasked only to the very
 * host the person attached it on (the address their tab showed when they sent it; another host of
 * the same site, a form on docs.google.com reached from mail.google.com, is asked about), only
 * where what the page then sends is held (effects.ts) and only from a field whose form does not post
 * to another host. Anywhere else the person is asked every time, with the file and the host named.
 */
export function uploadElsewhere(action: AgentAction, files: AttachedFile[], pageUrl: string | undefined, held: boolean, formAction?: string): string | null {
  if (action.kind !== 'upload') return null;
  const file = files.find((f) => f.name === action.file);
  const host = pageUrl ? hostOf(pageUrl) : null;
  const postsTo = formAction ? hostOf(formAction) : null;
  const attachedHere = !!file?.site && !!host && host === file.site;
  if (attachedHere && held && (!postsTo || postsTo === host)) return null;
  const where = `it sends your file ${action.file} to ${host ?? 'a page that is not a web site'}`;
  if (attachedHere && postsTo && postsTo !== host) return `${where}, whose form posts it to ${postsTo}`;
  if (attachedHere) return `${where}, and what the page sends with it cannot be held here`;
  return `${where}${file?.site ? `; you attached it on ${file.site}` : ''}`;
}
