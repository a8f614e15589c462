import type { z } from 'zod';
import type { NavigateAction } from '../../shared/action';
import { ActionError } from './errors';

/** DOM-level navigation; the service worker prefers chrome.tabs, which also reaches pages a script may not open. */
export function navigate(a: z.output<typeof NavigateAction>): void {
  let url: URL;
  try {
    url = new URL(a.url, location.href);
  } catch {
    throw new ActionError('unsupported', `"${a.url}" is not a URL`);
  }
  if (!/^https?:$|^file:$/.test(url.protocol)) throw new ActionError('blocked', `navigation to ${url.protocol} URLs is not allowed`);
  location.assign(url.href);
}
