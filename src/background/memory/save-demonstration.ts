import { db } from '../../storage/db';
import type { Demonstration } from '../../shared/demonstration';

/** Stores a finished recording as a demonstration (then labels and embeds it for retrieval). */
export async function saveDemonstration(demo: Demonstration): Promise<void> {
  await db().demonstrations.put({ id: demo.id, site: demo.site, task: demo.task, createdAt: demo.createdAt, data: demo });
}
