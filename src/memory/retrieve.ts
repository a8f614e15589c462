import type { Demonstration } from '../shared/demonstration';
import type { Exemplar } from '../agent/exemplar';
import { taskKey } from './key';
import type { MemoryIndex, SearchOptions } from './index-search';
import { toExemplar } from './to-exemplar';

/**
 * One retrieval for the agent: key the new task like the stored ones, search, load the winners,
 * and turn each into an exemplar within its budget.
 */
export async function retrieveExemplars(
  index: MemoryIndex,
  query: { task: string; url: string; title: string; vector?: Float32Array },
  load: (ids: string[]) => Promise<(Demonstration | undefined)[]>,
  opts: SearchOptions & { budget?: number } = {},
): Promise<Exemplar[]> {
  const key = taskKey(query);
  const ranked = index.search({ key: key.text, site: key.site, vector: query.vector }, opts);
  const demos = await load(ranked.map((r) => r.id));
  return ranked.flatMap((r, i) => {
    const demo = demos[i];
    return demo ? [toExemplar(demo, { score: r.score, why: r.why, budget: opts.budget })] : [];
  });
}
