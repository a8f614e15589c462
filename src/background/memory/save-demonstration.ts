import { db } from '../../storage/db';
import type { Demonstration } from '../../shared/demonstration';
import { clientFor } from '../providers';
import { isConfigured, loadSettings } from '../settings-store';
import { embedTexts } from '../offscreen/embed-client';
import { labelWithModel } from './label-demonstration';
import { invalidateIndex } from './memory-index';
import { reduceDemonstration } from '../../memory/reduce';
import { keyRecordOf, recordOf, setLabels, settleLabelsOnce } from './store';

/**
 * Stores a finished recording as a demonstration, then, without making the person wait, makes
 * its one auto-label call and embeds its retrieval key. Either may fail; the demonstration stays,
 * with empty labels (calls are then derived from the steps) or without a vector (words only).
 */
export async function saveDemonstration(recorded: Demonstration): Promise<void> {
  // reduced before anything stores it or sends it to the label call (a no-op for a built one)
  const demo = reduceDemonstration(recorded);
  await settleLabelsOnce();
  await db().transaction('rw', db().demonstrations, db().memoryKeys, async () => {
    await db().demonstrations.put(recordOf(demo, demo.labels.length ? 'labelled' : 'pending'));
    await db().memoryKeys.put(keyRecordOf(demo));
  });
  invalidateIndex();
  startEnrichment(demo);
}

let queue: Promise<void> = Promise.resolve();

/**
 * Labels (if it has none) and embeds a stored demonstration in the background, one demonstration
 * after another: an import of a hundred does not fire a hundred model calls at once.
 */
export function startEnrichment(demo: Demonstration): void {
  queue = queue.then(() => enrich(demo));
}

/** The label call (once, only for a demonstration without labels) and the embedding. Never throws. */
export async function enrich(demo: Demonstration): Promise<void> {
  try {
    if (!demo.labels.length) await labelOnce(demo);
    await embedOne(demo);
  } catch (error) {
    console.warn(`Demonstration ${demo.id}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

async function labelOnce(demo: Demonstration): Promise<void> {
  const settings = await loadSettings();
  if (!isConfigured(settings)) {
    await setLabels(demo.id, [], 'failed');
    return;
  }
  const result = await labelWithModel(clientFor(settings), demo);
  if (result.ok) await setLabels(demo.id, result.labels, 'labelled');
  else {
    console.warn(`Demonstration ${demo.id} keeps no labels: ${result.reason}`);
    await setLabels(demo.id, [], 'failed');
  }
}

async function embedOne(demo: Demonstration): Promise<void> {
  const embedded = await embedTexts([keyRecordOf(demo).key]);
  const vector = embedded.ok ? embedded.vectors[0] : undefined;
  if (!embedded.ok || !vector) return;
  // the demonstration may have been deleted while the model ran
  await db().transaction('rw', db().demonstrations, db().embeddings, async () => {
    if (await db().demonstrations.get(demo.id)) await db().embeddings.put({ id: demo.id, model: embedded.model, vector });
  });
  invalidateIndex();
}
