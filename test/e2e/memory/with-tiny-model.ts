import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DIST, ensureBuilt } from '../../support/extension';
import { writeTinyModel } from '../../support/tiny-model';
import { EMBEDDING_MODEL } from '../../../src/shared/messages/offscreen';

/**
 * A copy of the built extension with the tiny test model in its models/ folder under the name the
 * extension looks for, so the real loading code (offscreen document, transformers.js, onnxruntime
 * WebAssembly) runs without touching dist/, which other test files share.
 */
export async function extensionWithTinyModel(): Promise<{ dir: string; remove(): Promise<void> }> {
  ensureBuilt();
  const root = await mkdtemp(join(tmpdir(), 'copilot-ext-model-'));
  const dir = join(root, 'extension');
  await cp(DIST, dir, { recursive: true, filter: (src) => !src.endsWith('.map') });
  await writeTinyModel(join(dir, 'models'), EMBEDDING_MODEL);
  return { dir, remove: () => rm(root, { recursive: true, force: true }) };
}
