import { describe, expect, it } from 'vitest';
import { build, type ConfigEnv, type PluginOption, type UserConfig } from 'vite';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import config from '../../../vite.config';

const root = resolve(import.meta.dirname, '../../..');

/** tldts bundled alone, through the build's own transform of its trie or without it. */
async function bundle(dir: string, file: string, plugins: PluginOption[]): Promise<typeof import('tldts')> {
  const entry = {
    name: 'entry',
    resolveId: (id: string) => (id === 'virtual:tldts-entry' ? '\0tldts-entry' : null),
    load: (id: string) => (id === '\0tldts-entry' ? "export { parse, getDomain } from 'tldts';" : null),
  };
  await build({
    configFile: false,
    root,
    logLevel: 'error',
    plugins: [entry, ...plugins],
    build: { outDir: dir, emptyOutDir: false, minify: false, rolldownOptions: { input: 'virtual:tldts-entry', preserveEntrySignatures: 'strict', output: { format: 'es', entryFileNames: file } } },
  });
  return import(pathToFileURL(join(dir, file)).href);
}

describe('the build makes tldts build its public-suffix trie at the first lookup', () => {
  it('and every lookup answers as tldts itself does', async () => {
    const plugins = ((config as (env: ConfigEnv) => UserConfig)({ mode: 'chrome', command: 'build' }).plugins ?? []).flat();
    const lazyTrie = plugins.find((p) => p && typeof p === 'object' && 'name' in p && p.name === 'lazy-public-suffix-trie');
    expect(lazyTrie).toBeTruthy();
    const dir = await mkdtemp(join(tmpdir(), 'suffix-trie-'));
    try {
      const [lazy, plain] = [await bundle(dir, 'lazy.mjs', [lazyTrie!]), await bundle(dir, 'plain.mjs', [])];
      const code = await readFile(join(dir, 'lazy.mjs'), 'utf8');
      expect(code).toContain('function loadTrie');
      expect(code).toContain('function deriveTables');
      const hosts = [
        'www.example.com', 'a.b.example.co.uk', 'foo.github.io', 'www.ck', 'x.www.ck', 'city.kawasaki.jp', 'test.kawasaki.jp',
        'a.b.c.s3.amazonaws.com', 'localhost', '127.0.0.1', 'example.unknowntld', 'sub.blogspot.com', 'a.appspot.com',
        'my.site.pvt.k12.ma.us', 'shop.example.com.au', 'EXAMPLE.COM', 'a.b.compute.amazonaws.com', 'a.pages.dev', 'bank.example.de',
      ];
      for (const options of [{}, { allowPrivateDomains: true }]) {
        for (const host of hosts) expect(lazy.parse(host, options), host).toEqual(plain.parse(host, options));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
