import { db } from '../../storage/db';
import { MemoryIndex, type MemoryEntry } from '../../memory/index-search';
import { demoOf, keyRecordOf } from './store';

/**
 * The search index of the exemplar memory, built once from IndexedDB's small key table (plus the
 * stored embeddings of one model) and kept in the service worker until a demonstration is saved,
 * imported or deleted. A service-worker restart simply builds it again on the next task.
 */

let cached: { model: string; index: Promise<MemoryIndex> } | undefined;

export function invalidateIndex(): void {
  cached = undefined;
}

/** Keys of demonstrations stored before the key table existed (or by an older worker), added now. */
async function fillMissingKeys(): Promise<void> {
  const [demoIds, keyIds] = await Promise.all([db().demonstrations.toCollection().primaryKeys(), db().memoryKeys.toCollection().primaryKeys()]);
  const have = new Set(keyIds);
  const missing = demoIds.filter((id) => !have.has(id));
  if (!missing.length) return;
  const demos = (await db().demonstrations.bulkGet(missing)).flatMap((r) => demoOf(r) ?? []);
  await db().memoryKeys.bulkPut(demos.map(keyRecordOf));
}

async function build(model: string): Promise<MemoryIndex> {
  await fillMissingKeys();
  const [keys, embeddings] = await Promise.all([
    db().memoryKeys.toArray(),
    model ? db().embeddings.where('model').equals(model).toArray() : Promise.resolve([]),
  ]);
  const vectors = new Map(embeddings.map((e) => [e.id, e.vector]));
  const entries: MemoryEntry[] = keys.map((k) => {
    const vector = vectors.get(k.id);
    return vector ? { id: k.id, site: k.site, key: k.key, vector } : { id: k.id, site: k.site, key: k.key };
  });
  return new MemoryIndex(entries);
}

/** The index with the vectors of `model` ('' for words only). */
export function memoryIndex(model = ''): Promise<MemoryIndex> {
  if (!cached || cached.model !== model) {
    const index = build(model);
    cached = { model, index };
    // a failed build is not kept: the next task tries again
    index.catch(() => {
      if (cached?.index === index) cached = undefined;
    });
  }
  return cached.index;
}

/** Which model the stored embeddings come from (the most common), or '' when there are none. */
export async function storedEmbeddingModel(): Promise<string> {
  const models = (await db().embeddings.orderBy('model').uniqueKeys()) as string[];
  return models[0] ?? '';
}
