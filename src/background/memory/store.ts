import { db, type DemonstrationRecord, type LabelState, type MemoryKeyRecord } from '../../storage/db';
import { demonstrationKey } from '../../memory/key';
import { Demonstration, type StepLabel } from '../../shared/demonstration';
import { reduceDemonstration } from '../../memory/reduce';

/** Demonstrations in IndexedDB: the record's `data` is the whole Demonstration, checked when read. */

export function recordOf(demo: Demonstration, labelState: LabelState): DemonstrationRecord {
  return { id: demo.id, site: demo.site, task: demo.task, createdAt: demo.createdAt, data: demo, labelState };
}

/** The small record the search index is built from. */
export function keyRecordOf(demo: Demonstration): MemoryKeyRecord {
  const key = demonstrationKey(demo);
  return { id: demo.id, site: key.site, key: key.text };
}

export function demoOf(record: DemonstrationRecord | undefined): Demonstration | undefined {
  const parsed = Demonstration.safeParse(record?.data);
  return parsed.success ? parsed.data : undefined;
}

export async function putDemonstration(demo: Demonstration, labelState: LabelState): Promise<void> {
  await db().demonstrations.put(recordOf(demo, labelState));
}

export async function getDemonstrations(ids: string[]): Promise<(Demonstration | undefined)[]> {
  return (await db().demonstrations.bulkGet(ids)).map(demoOf);
}

export async function allDemonstrations(): Promise<Demonstration[]> {
  return (await db().demonstrations.orderBy('createdAt').reverse().toArray()).flatMap((r) => demoOf(r) ?? []);
}

/** Writes the labels into the stored demonstration, unless it was deleted meanwhile. */
export async function setLabels(id: string, labels: StepLabel[], labelState: LabelState): Promise<void> {
  await db().transaction('rw', db().demonstrations, async () => {
    const demo = demoOf(await db().demonstrations.get(id));
    if (demo) await db().demonstrations.put(recordOf({ ...demo, labels }, labelState));
  });
}

export async function deleteDemonstration(id: string): Promise<boolean> {
  return db().transaction('rw', db().demonstrations, db().embeddings, db().memoryKeys, async () => {
    const existed = (await db().demonstrations.get(id)) !== undefined;
    await db().demonstrations.delete(id);
    await db().embeddings.delete(id);
    await db().memoryKeys.delete(id);
    return existed;
  });
}

/**
 * Stores imported demonstrations in one transaction: all or nothing. A demonstration whose id is
 * already stored is left as it is (and reported), so an import never changes what was there.
 */
export async function addImported(incoming: Demonstration[]): Promise<{ added: Demonstration[]; skipped: string[] }> {
  // a file from elsewhere may carry whole pages: it is kept only as a recording here would be
  const demos = incoming.map(reduceDemonstration);
  await settleLabelsOnce();
  return db().transaction('rw', db().demonstrations, db().memoryKeys, async () => {
    const existing = await db().demonstrations.bulkGet(demos.map((d) => d.id));
    const added = demos.filter((_, i) => existing[i] === undefined);
    const skipped = demos.filter((_, i) => existing[i] !== undefined).map((d) => d.id);
    await db().demonstrations.bulkAdd(added.map((d) => recordOf(d, d.labels.length ? 'labelled' : 'pending')));
    await db().memoryKeys.bulkPut(added.map(keyRecordOf));
    return { added, skipped };
  });
}

/**
 * A label call still 'pending' when a service worker starts belonged to a worker that stopped
 * before the answer came. The call is not made again (it is made once); the demonstration keeps
 * calls derived from its steps.
 */
export async function settleInterruptedLabels(): Promise<number> {
  return db().demonstrations.where('labelState').equals('pending').modify({ labelState: 'failed' });
}

let settling: Promise<unknown> | undefined;
/**
 * settleInterruptedLabels once in this worker's life: after its start (memory/handlers.ts), and
 * before anything this worker saves is marked pending, whichever comes first.
 */
export function settleLabelsOnce(): Promise<unknown> {
  settling ??= settleInterruptedLabels().catch(() => 0);
  return settling;
}
