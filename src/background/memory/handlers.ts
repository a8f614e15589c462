import type { BackgroundHandlers } from '../handlers';
import { db } from '../../storage/db';
import { exportFile, parseExportFile } from '../../memory/file';
import type { DemonstrationSummary } from '../../shared/messages/memory';
import { addImported, allDemonstrations, deleteDemonstration, demoOf, getDemonstrations, settleLabelsOnce } from './store';
import { invalidateIndex } from './memory-index';
import { startEnrichment } from './save-demonstration';
import { reduceDemonstration } from '../../memory/reduce';
import { contentsOf } from './export-contents';

async function summaries(): Promise<DemonstrationSummary[]> {
  const [records, embeddings] = await Promise.all([db().demonstrations.orderBy('createdAt').reverse().toArray(), db().embeddings.toArray()]);
  const models = new Map(embeddings.map((e) => [e.id, e.model]));
  return records.flatMap((r) => {
    const demo = demoOf(r);
    if (!demo) return [];
    return [{ id: demo.id, task: demo.task, site: demo.site, createdAt: demo.createdAt, steps: demo.steps.length, labelState: r.labelState ?? 'none', calls: demo.labels.length, embeddingModel: models.get(demo.id) ?? '' }];
  });
}

/** Demonstrations and exemplar memory: list, export, import, delete. */
export function memoryHandlers(later: (job: () => unknown) => void = (job) => void job()): BackgroundHandlers {
  // label calls a stopped worker left pending: once the start lets it, or before this worker saves one
  later(settleLabelsOnce);
  return {
    'memory.list': async () => ({ demonstrations: await summaries() }),

    'memory.export': async ({ ids }) => {
      const demos = ids ? (await getDemonstrations(ids)).flatMap((d) => d ?? []) : await allDemonstrations();
      if (!demos.length) return { ok: false, message: ids ? 'None of those demonstrations is stored.' : 'There are no demonstrations to export.' };
      const day = new Date().toISOString().slice(0, 10);
      // stored demonstrations are reduced already (db.ts v4 migrated older ones); reducing again is free insurance
      const file = exportFile(demos.map(reduceDemonstration), Date.now());
      return { ok: true, filename: `demonstrations-${day}.json`, text: JSON.stringify(file, null, 2), count: demos.length, contents: contentsOf(file.demonstrations) };
    },

    'memory.import': async ({ text }) => {
      const parsed = parseExportFile(text);
      if (!parsed.ok) return parsed;
      const demos = parsed.file.demonstrations;
      const { added, skipped } = await addImported(demos);
      invalidateIndex();
      // unlabelled ones get their one label call now; every new one gets embedded
      for (const demo of added) startEnrichment(demo);
      const message = `Imported ${added.length} demonstration${added.length === 1 ? '' : 's'}${skipped.length ? `; ${skipped.length} already stored, left as they were` : ''}.${parsed.dropped.map((d) => ` ${d}`).join('')}`;
      return { ok: true, imported: added.length, skipped, message };
    },

    'memory.delete': async ({ id }) => {
      const existed = await deleteDemonstration(id);
      invalidateIndex();
      return { ok: existed, message: existed ? '' : 'That demonstration is not stored.' };
    },
  };
}
