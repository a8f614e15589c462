// The whole build of the extension, for either browser: `vite build` (npm run build) makes
// dist/chrome/, `vite build --mode firefox` (npm run build:firefox) makes dist/firefox/, from the
// same source. Each context has its own rules, so each is a Vite environment of its own:
// - pages (side panel, offscreen document): ordinary ES modules with shared chunks;
// - background: one ES module file, no code splitting (a module service worker may not import());
// - tokenizer: the BPE tables, an ES module the content script imports on its first snapshot;
// - content: one classic IIFE (content scripts are not modules), injected by the worker; its first
//   lines return at once when it already runs in the document (CONTENT_SCRIPT_ONCE);
// - tools: dist-tools/page-tools.js, the page model and executor as an IIFE that tests,
//   `npm run snapshot` and the benchmark inject into ordinary pages (the content script's code).
// Then the manifest (manifest.json + the browser's own keys from src/platform/manifest.ts), the
// onnxruntime WebAssembly and the local models folder are written beside them.
import { defineConfig, type BuildEnvironmentOptions, type EnvironmentOptions } from 'vite';
import react from '@vitejs/plugin-react';
import { cp, mkdir, rm, writeFile, readFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { BROWSERS, manifestFor, BACKGROUND_SCRIPT, CONTENT_SCRIPT, CONTENT_SCRIPT_ONCE, type TargetBrowser } from './src/platform/manifest.ts';

const root = import.meta.dirname;
const at = (...parts: string[]) => resolve(root, ...parts);

/** The browser is the build's mode; Vite's default mode ("production") means Chrome. */
function browserOf(mode: string): TargetBrowser {
  if (mode === 'production' || mode === 'development') return 'chrome';
  if ((BROWSERS as readonly string[]).includes(mode)) return mode as TargetBrowser;
  throw new Error(`Unknown browser "${mode}": build with --mode ${BROWSERS.join(' or --mode ')}.`);
}

const outDirFor = (browser: TargetBrowser) => at('dist', browser);

// onnxruntime-web uses direct eval in code paths we never take; rolldown's warning about it is noise.
const checks = { eval: false };

function environment(build: BuildEnvironmentOptions): EnvironmentOptions {
  return { consumer: 'client', build: { emptyOutDir: false, chunkSizeWarningLimit: 4096, target: 'chrome116', sourcemap: true, copyPublicDir: false, ...build } };
}

function oneFile(entry: string, fileName: string, formats: ['es'] | ['iife'], name?: string, intro?: string): BuildEnvironmentOptions {
  return {
    lib: { entry: at(entry), formats, fileName: () => fileName, ...(name ? { name } : {}) },
    // intro: inside the IIFE's function, before any module's code
    rolldownOptions: { checks, output: { codeSplitting: false, ...(intro ? { intro } : {}) } },
  };
}

/** What is not a bundle: the manifest, onnxruntime's WebAssembly and the local models folder. */
async function writeExtras(out: string, browser: TargetBrowser): Promise<void> {
  // onnxruntime-web's single-threaded WebAssembly for the embedding model (neither the threaded
  // builds nor their workers are needed), and the folder local models load from.
  await mkdir(resolve(out, 'ort'), { recursive: true });
  for (const wasm of ['ort-wasm.wasm', 'ort-wasm-simd.wasm']) {
    await cp(at('node_modules/onnxruntime-web/dist', wasm), resolve(out, 'ort', wasm));
  }
  await mkdir(resolve(out, 'models'), { recursive: true });
  if (existsSync(at('models'))) await cp(at('models'), resolve(out, 'models'), { recursive: true });
  const base = JSON.parse(await readFile(at('manifest.json'), 'utf8'));
  const { version } = JSON.parse(await readFile(at('package.json'), 'utf8'));
  await writeFile(resolve(out, 'manifest.json'), JSON.stringify(manifestFor(base, browser, version), null, 2));
}

export default defineConfig(({ mode }) => {
  const browser = browserOf(mode);
  const out = outDirFor(browser);
  const pages = ['sidepanel', 'offscreen', 'welcome'].filter((p) => existsSync(at('src/pages', `${p}.html`)));
  return {
    root: at('src/pages'),
    base: './',
    publicDir: at('public'),
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    plugins: [react()],
    environments: {
      pages: environment({
        outDir: out,
        copyPublicDir: true,
        rolldownOptions: { checks, input: Object.fromEntries(pages.map((p) => [p, at('src/pages', `${p}.html`)])) },
      }),
      background: environment({ outDir: out, ...oneFile('src/background/main.ts', BACKGROUND_SCRIPT, ['es']) }),
      tokenizer: environment({ outDir: out, sourcemap: false, ...oneFile('src/content/tokenizer.ts', 'tokenizer.js', ['es']) }),
      content: environment({ outDir: out, ...oneFile('src/content/main.ts', CONTENT_SCRIPT, ['iife'], 'CopilotContent', CONTENT_SCRIPT_ONCE) }),
      tools: environment({ outDir: at('dist-tools'), sourcemap: false, ...oneFile('src/content/page-tools.ts', 'page-tools.js', ['iife'], 'CopilotPageTools') }),
    },
    builder: {
      async buildApp(builder) {
        const started = Date.now();
        await rm(out, { recursive: true, force: true });
        for (const name of ['pages', 'background', 'tokenizer', 'content', 'tools']) await builder.build(builder.environments[name]!);
        await writeExtras(out, browser);
        if (builder.config.logLevel !== 'silent' && builder.config.logLevel !== 'error') {
          console.log(`built ${browser} into ${out.slice(root.length + 1)}/ in ${Date.now() - started} ms`);
        }
      },
    },
  };
});
