// Builds the extension into dist/ with three plain Vite passes, because each context has its own rules:
// - pages (side panel, offscreen document): ordinary ES modules with shared chunks;
// - the service worker: one ES module file, no code splitting (a module service worker may not import());
// - the content script: one classic IIFE (content scripts are not modules).
// A fourth pass builds dist-tools/page-tools.js, the page model and executor as an IIFE that tests,
// `npm run snapshot` and the benchmark inject into ordinary pages; it is the same code the content script runs.
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { cp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const out = resolve(root, 'dist');
const quiet = process.argv.includes('--quiet');
const watch = process.argv.includes('--watch') ? {} : null;
const common = {
  root,
  configFile: false,
  logLevel: quiet ? 'error' : 'warn',
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
};
// onnxruntime-web uses direct eval in code paths we never take; rolldown's warning about it is noise.
const rolldownOptions = { checks: { eval: false } };

const started = Date.now();
await rm(out, { recursive: true, force: true });
await mkdir(out, { recursive: true });

const pages = ['sidepanel.html', 'offscreen.html'].filter((p) => existsSync(resolve(root, 'src/pages', p)));

await build({
  ...common,
  root: resolve(root, 'src/pages'),
  base: './',
  plugins: [react()],
  build: {
    outDir: out,
    emptyOutDir: false,
    target: 'chrome116',
    sourcemap: true,
    watch,
    rolldownOptions: { ...rolldownOptions, input: Object.fromEntries(pages.map((p) => [p.replace('.html', ''), resolve(root, 'src/pages', p)])) },
  },
});

await build({
  ...common,
  build: {
    outDir: out,
    emptyOutDir: false,
    target: 'chrome116',
    sourcemap: true,
    watch,
    lib: { entry: resolve(root, 'src/background/main.ts'), formats: ['es'], fileName: () => 'background.js' },
    rolldownOptions: { ...rolldownOptions, output: { codeSplitting: false } },
  },
});

// The BPE tokenizer, loaded by the content script on its first snapshot instead of on every page.
await build({
  ...common,
  build: {
    outDir: out,
    emptyOutDir: false,
    target: 'chrome116',
    watch,
    lib: { entry: resolve(root, 'src/content/tokenizer.ts'), formats: ['es'], fileName: () => 'tokenizer.js' },
    rolldownOptions: { ...rolldownOptions, output: { codeSplitting: false } },
  },
});

for (const [entry, dir, file, name] of [
  ['src/content/main.ts', out, 'content.js', 'CopilotContent'],
  ['src/content/page-tools.ts', resolve(root, 'dist-tools'), 'page-tools.js', 'CopilotPageTools'],
]) {
  if (!existsSync(resolve(root, entry))) continue;
  await build({
    ...common,
    build: {
      outDir: dir,
      emptyOutDir: false,
      target: 'chrome116',
      sourcemap: dir === out,
      watch,
      lib: { entry: resolve(root, entry), formats: ['iife'], name, fileName: () => file },
      rolldownOptions,
    },
  });
}

await cp(resolve(root, 'public'), out, { recursive: true });
// onnxruntime-web's WebAssembly for the embedding model in the offscreen document (one thread, so
// neither the threaded builds nor their workers are needed), and the folder local models load from.
await mkdir(resolve(out, 'ort'), { recursive: true });
for (const wasm of ['ort-wasm.wasm', 'ort-wasm-simd.wasm']) {
  await cp(resolve(root, 'node_modules/onnxruntime-web/dist', wasm), resolve(out, 'ort', wasm));
}
await mkdir(resolve(out, 'models'), { recursive: true });
if (existsSync(resolve(root, 'models'))) await cp(resolve(root, 'models'), resolve(out, 'models'), { recursive: true });
const manifest = JSON.parse(await readFile(resolve(root, 'manifest.json'), 'utf8'));
manifest.version = JSON.parse(await readFile(resolve(root, 'package.json'), 'utf8')).version;
await writeFile(resolve(out, 'manifest.json'), JSON.stringify(manifest, null, 2));
if (!quiet) console.log(`built dist/ in ${Date.now() - started} ms`);
