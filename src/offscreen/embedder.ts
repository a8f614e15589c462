import { env, pipeline } from '@xenova/transformers';
import { EMBEDDING_MODEL } from '../shared/messages/offscreen';

/**
 * The local sentence-embedding model, loaded with transformers.js. Model files come from the
 * extension's own `models/` folder first; from the model hub only when the person allowed a
 * download (Settings), after which the browser cache keeps them. No chrome APIs here, so the same
 * loading code runs in Node in the unit tests (on a tiny generated model).
 */

export const DEFAULT_MODEL = EMBEDDING_MODEL;

export interface EmbedderOptions {
  /** where `<model>/config.json` etc. are: a URL ending in "/" in the extension, a folder in Node */
  localModelPath: string;
  model?: string;
  /** onnxruntime-web's .wasm files (the extension's ort/ folder); not used in Node */
  wasmPaths?: string;
  /** is there a local copy? In the extension a fetch of config.json answers it */
  hasLocalModel: (model: string) => Promise<boolean>;
}

export type Embedded = { ok: true; model: string; vectors: number[][]; source: 'extension' | 'hub' } | { ok: false; reason: string };

type Extractor = (texts: string[], opts: { pooling: 'mean'; normalize: boolean }) => Promise<{ data: Float32Array; dims: number[] }>;

export function createEmbedder(opts: EmbedderOptions) {
  const model = opts.model ?? DEFAULT_MODEL;
  let loading: { promise: Promise<Extractor>; source: 'extension' | 'hub' } | undefined;

  async function load(allowDownload: boolean): Promise<{ extractor: Extractor; source: 'extension' | 'hub' } | { reason: string }> {
    if (!loading) {
      const local = await opts.hasLocalModel(model);
      if (!local && !allowDownload) {
        return { reason: `no embedding model (${model} is not in the extension's models/ folder and downloading it is off in Settings)` };
      }
      env.localModelPath = opts.localModelPath;
      env.allowLocalModels = local;
      env.allowRemoteModels = !local && allowDownload;
      // Only downloads go into the browser cache: a bundled model is already on disk, and a cached
      // copy of it would outlive an extension update that ships another one.
      env.useBrowserCache = !local && 'caches' in globalThis;
      if (opts.wasmPaths) {
        // One thread and no proxy worker: an extension page may not start the blob workers onnxruntime wants.
        env.backends.onnx.wasm.wasmPaths = opts.wasmPaths;
        env.backends.onnx.wasm.numThreads = 1;
        env.backends.onnx.wasm.proxy = false;
      }
      const source = local ? 'extension' : 'hub';
      loading = { promise: pipeline('feature-extraction', model, { quantized: true }) as unknown as Promise<Extractor>, source };
    }
    const current = loading;
    try {
      return { extractor: await current.promise, source: current.source };
    } catch (error) {
      // A failed load (broken files, no network) may be retried on the next call.
      if (loading === current) loading = undefined;
      return { reason: `the embedding model did not load: ${error instanceof Error ? error.message : String(error)}` };
    }
  }

  return {
    model,
    async embed(texts: string[], allowDownload = false): Promise<Embedded> {
      const loaded = await load(allowDownload);
      if ('reason' in loaded) return { ok: false, reason: loaded.reason };
      const out = await loaded.extractor(texts, { pooling: 'mean', normalize: true });
      const dim = out.dims.at(-1) ?? 0;
      const vectors = texts.map((_, i) => Array.from(out.data.subarray(i * dim, (i + 1) * dim)));
      return { ok: true, model: `${model}@${dim}`, vectors, source: loaded.source };
    },
  };
}
