import { useLiveQuery } from 'dexie-react-hooks';
import { db } from '../../../storage/db';
import { Demonstration } from '../../../shared/demonstration';
import { stepsKept } from '../../../workflows/from-demonstration';

export interface DemonstrationRow {
  id: string;
  task: string;
  site: string;
  createdAt: number;
  steps: number;
  labelState: string;
  calls: number;
  embeddingModel: string;
}

/** Stored demonstrations, newest first, straight from IndexedDB: labels and vectors show up as they arrive. */
export function useDemonstrations(): DemonstrationRow[] | undefined {
  return useLiveQuery(async () => {
    const [records, embeddings] = await Promise.all([db().demonstrations.orderBy('createdAt').reverse().toArray(), db().embeddings.toArray()]);
    const models = new Map(embeddings.map((e) => [e.id, e.model]));
    return records.flatMap((r) => {
      const parsed = Demonstration.safeParse(r.data);
      if (!parsed.success) return [];
      const d = parsed.data;
      // counted as the recording and its workflow count them: a page a step opened is not a step
      return [{ id: d.id, task: d.task, site: d.site, createdAt: d.createdAt, steps: stepsKept(d.steps, d.startUrl).filter(Boolean).length, labelState: r.labelState ?? 'none', calls: d.labels.length, embeddingModel: models.get(d.id) ?? '' }];
    });
  }, []);
}
