import type { Demonstration } from '../shared/demonstration';
import { pathOf, siteOf } from './text';

/**
 * The retrieval key of a task, as Synapse encodes task metadata: the task text, the site, and the
 * first page (its title, headings and the words of its address path, which tell the arena's
 * practice sites apart on one host). The same function keys stored demonstrations and new tasks.
 */
export interface TaskKey {
  /** text that is matched by words and embedded */
  text: string;
  /** host without "www.", for the same-site boost */
  site: string;
}

/** Path words of an address: "/airline/search?x=1" -> "airline search". */
function pathWords(url: string): string {
  let path = pathOf(url);
  try {
    path = decodeURIComponent(path);
  } catch {
    // a malformed escape: the raw path still has its words
  }
  return path.replace(/[/_.-]+/g, ' ').trim();
}

export function taskKey(query: { task: string; url: string; title: string; headings?: string[] }): TaskKey {
  const parts = [query.task, query.title, ...(query.headings ?? []).slice(0, 5), pathWords(query.url)];
  return { text: parts.filter((p) => p.trim()).join('\n'), site: siteOf(query.url) };
}

export function demonstrationKey(demo: Demonstration): TaskKey {
  const key = taskKey({ task: demo.task, url: demo.startUrl, title: demo.title, headings: demo.headings });
  return { text: demo.description ? `${key.text}\n${demo.description}` : key.text, site: siteOf(demo.startUrl) || demo.site.replace(/^www\./, '') };
}
