import { z } from 'zod';
import { defineMessage } from '../protocol-core';
import { lazy } from '../lazy';

/** The sentence-embedding model the exemplar memory uses (transformers.js layout: models/<name>/...). */
export const EMBEDDING_MODEL = 'Xenova/all-MiniLM-L6-v2';

/** The embedding model's answer: vectors from a named model, or why there are none (retrieval then goes by words). */
export const EmbedResult = lazy(() => z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    /** model name and dimension, e.g. "Xenova/all-MiniLM-L6-v2@384": vectors of different models are never compared */
    model: z.string(),
    vectors: z.array(z.array(z.number())),
    /** where the model came from this time */
    source: z.enum(['extension', 'hub']),
  }),
  z.object({ ok: z.literal(false), reason: z.string() }),
]));
export type EmbedResult = z.infer<typeof EmbedResult>;

export const offscreenMessages = {
  'offscreen.embed': lazy(() => defineMessage({
    direction: 'background->offscreen',
    doc: "Embed texts with the local model (transformers.js in the offscreen document): the extension's own models/ folder first, the model hub only when the person allowed it.",
    params: z.object({ texts: z.array(z.string()).min(1).max(256), allowDownload: z.boolean().default(false) }),
    result: EmbedResult,
  })),
};
