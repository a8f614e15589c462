import type { Demonstration } from '../shared/demonstration';
import type { Exemplar } from '../shared/exemplar';
import { taskKey } from './key';
import type { MemoryIndex, SearchOptions } from './index-search';
import { toExemplar } from './to-exemplar';

export interface RetrieveOptions extends Omit<SearchOptions, 'sameSiteOnly'> {
  budget?: number;
  /** the person's setting "Use examples recorded on other sites" (off: same registrable site only) */
  otherSites?: boolean;
}

/**
 * One retrieval for the agent: key the new task like the stored ones, search, load the winners,
 * and turn each into an exemplar within its budget. Demonstrations recorded on another site are
 * searched only when the person allowed it: their pages would otherwise show one site's content
 * to the model working on another.
 */
export async function retrieveExemplars(
  index: MemoryIndex,
  query: { task: string; url: string; title: string; vector?: Float32Array },
  load: (ids: string[]) => Promise<(Demonstration | undefined)[]>,
  opts: RetrieveOptions = {},
): Promise<Exemplar[]> {
  const key = taskKey(query);
  const { otherSites = false, ...search } = opts;
  const ranked = index.search({ key: key.text, site: key.site, vector: query.vector }, { ...search, sameSiteOnly: !otherSites });
  const demos = await load(ranked.map((r) => r.id));
  return ranked.flatMap((r, i) => {
    const demo = demos[i];
    return demo ? [toExemplar(demo, { score: r.score, why: r.why, budget: opts.budget })] : [];
  });
}
