// A TypeScript module of the repository bundled for Node into .tmp/<dir> and imported: how a bench
// section runs test/support code (the scripted provider server, a scripted model) outside vitest.
import { build } from 'vite';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';

export async function importBundled(root, entry, dir) {
  const outDir = join(root, '.tmp', dir);
  const file = `${basename(entry).replace(/\.ts$/, '')}.mjs`;
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: { ssr: join(root, entry), outDir, emptyOutDir: true, target: 'node20', rollupOptions: { output: { format: 'es', entryFileNames: file } } },
  });
  return import(pathToFileURL(join(outDir, file)).href);
}
