// The whole build of the extension, for either browser: `vite build` (npm run build) makes
// dist/chrome/, `vite build --mode firefox` (npm run build:firefox) makes dist/firefox/, from the
// same source. Each context has its own rules, so each is a Vite environment of its own:
// - pages (side panel, offscreen document): ordinary ES modules with shared chunks;
// - background: one file, no code splitting (a service worker may not import()): for Chrome's
//   service worker the boot, a small classic script (src/background/boot.ts); for Firefox's event
//   page all of main.ts as an ES module;
// - workerMain (Chrome): main.ts as a classic script the boot loads a moment after its start;
// - providers (Chrome): the provider SDKs as a classic script the worker loads at its first
//   model call (src/background/providers/sdks-script.ts);
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
import { BROWSERS, manifestFor, BACKGROUND_SCRIPT, MAIN_SCRIPT, PROVIDERS_SCRIPT, CONTENT_SCRIPT, CONTENT_SCRIPT_ONCE, type TargetBrowser } from './src/platform/manifest.ts';

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

function oneFile(entry: string, fileName: string, formats: ['es'] | ['iife'], name?: string, intro?: string, minify = false): BuildEnvironmentOptions {
  return {
    lib: { entry: at(entry), formats, fileName: () => fileName, ...(name ? { name } : {}) },
    // intro: inside the IIFE's function, before any module's code; minify: whitespace and comments
    // too (Vite's library mode keeps them in an ES file, whose names are mangled all the same)
    rolldownOptions: { checks, output: { codeSplitting: false, ...(intro ? { intro } : {}), ...(minify ? { minify: true } : {}) } },
  };
}

/** The environment that builds main.ts: Chrome's second worker script, Firefox's whole background. */
const mainEnvironmentOf = (browser: TargetBrowser) => (browser === 'chrome' ? 'workerMain' : 'background');

/**
 * Chrome's worker loads the provider SDKs at its first model call (src/background/providers/
 * sdks-script.ts, from providers.js, which the `providers` environment builds); Firefox's event
 * page imports them (sdks.ts). The bundle that holds main.ts gets the module of its browser here.
 */
function providerSdksFor(browser: TargetBrowser) {
  const direct = at('src/background/providers/sdks.ts');
  return {
    name: 'provider-sdks',
    enforce: 'pre' as const,
    async resolveId(this: { environment?: { name: string }; resolve: (id: string, importer?: string, o?: object) => Promise<{ id: string } | null> }, id: string, importer?: string) {
      if (browser !== 'chrome' || this.environment?.name !== mainEnvironmentOf(browser) || !id.endsWith('/sdks')) return null;
      const resolved = await this.resolve(id, importer, { skipSelf: true });
      return resolved?.id === direct ? at('src/background/providers/sdks-script.ts') : null;
    },
  };
}

/**
 * tldts (the public-suffix list behind the worker's site checks) builds its trie at import: four
 * typed arrays from array literals of tens of thousands of numbers, then a pass over every edge.
 * That ran at every start of the service worker (which cannot import() a module later) for the few
 * messages that ever look a site up. This rewrites the two modules so that the same code runs at
 * the first lookup that needs the trie: the data module's tables become `let` bindings that
 * `loadTrie()` fills (imports are live bindings), and `suffixLookup` derives its own tables on its
 * first call past the fast path. Each edit must match exactly once: a tldts release that changed
 * these lines stops the build rather than ship a half-rewritten module.
 */
function lazyPublicSuffixTrie() {
  const once = (code: string, from: string, to: string, what: string): string => {
    const n = code.split(from).length - 1;
    if (n !== 1) throw new Error(`lazy-public-suffix-trie: "${what}" found ${n} times in tldts; see vite.config.ts`);
    return code.replace(from, () => to);
  };
  const TABLES = ['nodeFlags', 'edgeStart', 'edgeLength', 'edgeChild', 'labelText'];
  const DERIVED = ['numberOfNodes', 'numberOfEdges', 'edgeOffset', 'edgeHash', 'wildcardEdge'];
  return {
    name: 'lazy-public-suffix-trie',
    transform(code: string, id: string) {
      if (id.endsWith('/node_modules/tldts/dist/es6/src/data/trie.js')) {
        const fills: string[] = [];
        for (const name of TABLES) {
          const line = code.split('\n').filter((l: string) => l.startsWith(`export const ${name} = `));
          if (line.length !== 1 || !line[0]!.endsWith(';')) throw new Error(`lazy-public-suffix-trie: the table ${name} is not one line of tldts's trie; see vite.config.ts`);
          code = once(code, line[0]!, `export let ${name};`, name);
          fills.push(`    ${line[0]!.slice('export const '.length)}`);
        }
        return { code: `${code}\nexport function loadTrie() {\n  if (nodeFlags === undefined) {\n${fills.join('\n')}\n  }\n}\n`, map: null };
      }
      if (id.endsWith('/node_modules/tldts/dist/es6/src/suffix-trie.js')) {
        code = once(code, "} from './data/trie';", "loadTrie, } from './data/trie';", 'the import of the trie');
        const start = code.indexOf('const numberOfNodes = nodeFlags.length;');
        const end = code.indexOf('// Result of the last `walk`');
        if (start < 0 || end < start) throw new Error('lazy-public-suffix-trie: the derived tables of tldts moved; see vite.config.ts');
        let derive = code.slice(start, end);
        for (const name of DERIVED) derive = once(derive, `const ${name} = `, `${name} = `, name);
        code = `${code.slice(0, start)}let ${DERIVED.join(', ')};\nfunction deriveTables() {\n    loadTrie();\n${derive}}\n${code.slice(end)}`;
        const fastPath = '    if (fastPathLookup(hostname, options, out)) {\n        return false;\n    }\n';
        return { code: once(code, fastPath, `${fastPath}    if (edgeOffset === undefined)\n        deriveTables();\n`, 'the fast path'), map: null };
      }
      return null;
    },
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
    plugins: [react(), lazyPublicSuffixTrie(), providerSdksFor(browser)],
    environments: {
      pages: environment({
        outDir: out,
        copyPublicDir: true,
        rolldownOptions: { checks, input: Object.fromEntries(pages.map((p) => [p, at('src/pages', `${p}.html`)])) },
      }),
      // minified whole: the worker compiles its file again at every start (bench "Extension").
      // Chrome's worker is a classic script (an IIFE): side by side it started about 20 ms sooner
      // than the same code as a module worker (65 ms), Chromium's code cache for the worker's
      // script being the likely reason (a script the worker loads after its start got no such gain).
      // Chrome's worker starts with the boot alone (src/background/boot.ts says why, with numbers)
      background: environment({ outDir: out, ...oneFile(browser === 'chrome' ? 'src/background/boot.ts' : 'src/background/main.ts', BACKGROUND_SCRIPT, browser === 'chrome' ? ['iife'] : ['es'], 'CopilotWorker', undefined, true) }),
      ...(browser === 'chrome' ? { [mainEnvironmentOf(browser)]: environment({ outDir: out, ...oneFile('src/background/main.ts', MAIN_SCRIPT, ['iife'], 'CopilotWorkerMain', undefined, true) }) } : {}),
      ...(browser === 'chrome' ? { providers: environment({ outDir: out, ...oneFile('src/background/providers/sdk-script-entry.ts', PROVIDERS_SCRIPT, ['iife'], 'CopilotProviders', undefined, true) }) } : {}),
      tokenizer: environment({ outDir: out, sourcemap: false, ...oneFile('src/content/tokenizer.ts', 'tokenizer.js', ['es']) }),
      content: environment({ outDir: out, ...oneFile('src/content/main.ts', CONTENT_SCRIPT, ['iife'], 'CopilotContent', CONTENT_SCRIPT_ONCE) }),
      tools: environment({ outDir: at('dist-tools'), sourcemap: false, ...oneFile('src/content/page-tools.ts', 'page-tools.js', ['iife'], 'CopilotPageTools') }),
    },
    builder: {
      async buildApp(builder) {
        const started = Date.now();
        await rm(out, { recursive: true, force: true });
        for (const name of ['pages', 'background', 'workerMain', 'providers', 'tokenizer', 'content', 'tools']) if (builder.environments[name]) await builder.build(builder.environments[name]);
        await writeExtras(out, browser);
        if (builder.config.logLevel !== 'silent' && builder.config.logLevel !== 'error') {
          console.log(`built ${browser} into ${out.slice(root.length + 1)}/ in ${Date.now() - started} ms`);
        }
      },
    },
  };
});
