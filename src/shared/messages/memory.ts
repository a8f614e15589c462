// Messages of the exemplar memory: the panel's list of demonstrations, export and import of the
// demonstrations file (docs/memory.md), delete.
import { z } from 'zod';
import { defineMessage, type MessageDef } from '../protocol-core';
import { lazy } from '../lazy';

const Failed = lazy(() => z.object({ ok: z.literal(false), message: z.string() }));

/** Extension messages stop at 64 MiB; a demonstrations file is far smaller (about 12 KB a demonstration). */
export const MAX_IMPORT_CHARS = 50_000_000;

export const DemonstrationSummary = lazy(() => z.object({
  id: z.string(),
  task: z.string(),
  site: z.string(),
  createdAt: z.number(),
  steps: z.number().int(),
  /** where the one auto-label call stands */
  labelState: z.enum(['pending', 'labelled', 'failed', 'none']),
  /** policy calls the labels give (0 until labelled) */
  calls: z.number().int(),
  /** the embedding model of its vector, '' when it has none */
  embeddingModel: z.string(),
}));
export type DemonstrationSummary = z.infer<typeof DemonstrationSummary>;

/** What an export file holds, shown to the person before the download (page text and typed values included). */
export const ExportContents = lazy(() => z.object({
  demonstrations: z.number().int(),
  sites: z.array(z.string()),
  steps: z.number().int(),
  /** lines of page text kept around the elements acted on */
  pageLines: z.number().int(),
  /** steps that carry a value the person typed (secrets never do) */
  typedValues: z.number().int(),
}));
export type ExportContents = z.infer<typeof ExportContents>;

export const memoryMessages = {
  'memory.list': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Stored demonstrations, newest first.',
    params: z.object({}),
    result: z.object({ demonstrations: z.array(DemonstrationSummary) }),
  })),
  'memory.export': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The demonstrations file (all, or the ids given) as text to save, with what it contains for the warning before the download.',
    params: z.object({ ids: z.array(z.string().min(1)).optional() }),
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), filename: z.string(), text: z.string(), count: z.number().int(), contents: ExportContents }),
      Failed,
    ]),
  })),
  'memory.import': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Reads a demonstrations file; all or nothing, and never changes a demonstration already stored.',
    params: z.object({ text: z.string().max(MAX_IMPORT_CHARS) }),
    result: z.discriminatedUnion('ok', [
      z.object({ ok: z.literal(true), imported: z.number().int(), skipped: z.array(z.string()), message: z.string() }),
      Failed,
    ]),
  })),
  'memory.delete': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Deletes one demonstration and its embedding.',
    params: z.object({ id: z.string().min(1) }),
    result: z.object({ ok: z.boolean(), message: z.string().default('') }),
  })),
} satisfies Record<string, MessageDef>;
