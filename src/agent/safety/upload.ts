import type { AgentAction } from '../../shared/action';
import type { AttachmentInfo } from '../../shared/attachment';
import { hostOf, siteOf } from './hosts';

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
 * Sending a person's file is an effect that cannot be taken back: it goes unasked only to the site
 * the person attached it on (the site their tab showed when they sent it). Anywhere else (a page
 * the run was led to, a form that says "upload your CV here to continue") the person is asked,
 * with the file and the site named.
 */
export function uploadElsewhere(action: AgentAction, files: AttachedFile[], pageUrl: string | undefined): string | null {
  if (action.kind !== 'upload') return null;
  const file = files.find((f) => f.name === action.file);
  const host = pageUrl ? hostOf(pageUrl) : null;
  const here = host ? siteOf(host) : '';
  if (file && file.site && here && siteOf(file.site) === here) return null;
  return `it sends your file ${action.file} to ${host ?? 'a page that is not a web site'}${file?.site ? `; you attached it on ${file.site}` : ''}`;
}
