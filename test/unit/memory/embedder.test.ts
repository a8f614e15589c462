import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createEmbedder } from '../../../src/offscreen/embedder';
import { MemoryIndex } from '../../../src/memory/index-search';
import { TINY_DIM, writeTinyModel } from '../../support/tiny-model';

const NAME = 'test/tiny-embedder';
let dir = '';
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'tiny-model-'));
  await writeTinyModel(dir, NAME);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const local = () => ({ localModelPath: `${dir}/`, model: NAME, hasLocalModel: async (m: string) => existsSync(join(dir, m, 'config.json')) });

describe('the embedding loader on a generated tiny model (transformers.js in Node)', () => {
  it('loads the local model folder and returns one unit vector per text, named by model and dimension', async () => {
    const embedder = createEmbedder(local());
    const r = await embedder.embed(['Book a flight to Denver', 'book a flight to denver', 'reply to the email']);
    if (!r.ok) throw new Error(r.reason);
    expect(r.model).toBe(`${NAME}@${TINY_DIM}`);
    expect(r.source).toBe('extension');
    expect(r.vectors).toHaveLength(3);
    for (const v of r.vectors) expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    // the tokenizer lower-cases, so case does not change the vector
    expect(r.vectors[0]).toEqual(r.vectors[1]);
    expect(r.vectors[0]).not.toEqual(r.vectors[2]);
  });

  it('feeds the vector path of the search: the vector part shows in why', async () => {
    const embedder = createEmbedder(local());
    const r = await embedder.embed(['book a flight to denver', 'reply to the email', 'book flight denver']);
    if (!r.ok) throw new Error(r.reason);
    const index = new MemoryIndex([
      { id: 'flight', site: 'a.test', key: 'book a flight to denver', vector: Float32Array.from(r.vectors[0]!) },
      { id: 'mail', site: 'a.test', key: 'reply to the email', vector: Float32Array.from(r.vectors[1]!) },
    ]);
    const [top] = index.search({ key: 'book flight denver', site: 'b.test', vector: Float32Array.from(r.vectors[2]!) });
    expect(top?.id).toBe('flight');
    expect(top?.why).toMatch(/vector 0\.\d\d/);
  });

  it('says there is no model, without loading anything, when the folder lacks it and download is off', async () => {
    const embedder = createEmbedder({ ...local(), model: 'nobody/missing-model' });
    const r = await embedder.embed(['x']);
    expect(r).toEqual({ ok: false, reason: expect.stringMatching(/^no embedding model \(nobody\/missing-model is not in the extension's models\/ folder and downloading it is off/) });
  });

  it('reports a broken model folder as a load failure instead of throwing', async () => {
    const broken = await mkdtemp(join(tmpdir(), 'tiny-broken-'));
    try {
      await writeTinyModel(broken, NAME);
      await rm(join(broken, NAME, 'onnx'), { recursive: true });
      const embedder = createEmbedder({ ...local(), localModelPath: `${broken}/`, hasLocalModel: async () => true });
      const r = await embedder.embed(['x']);
      expect(r.ok).toBe(false);
      expect(!r.ok && r.reason).toMatch(/^the embedding model did not load/);
    } finally {
      await rm(broken, { recursive: true, force: true });
    }
  });
});
