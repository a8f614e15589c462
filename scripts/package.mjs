// npm run package: builds both browsers and writes the two files a store upload takes,
// packages/browser-copilot-<version>-chrome.zip (Chrome Web Store) and -firefox.zip (addons.mozilla.org,
// which signs it; Firefox installs only signed add-ons for good). Source maps stay out of the zips.
import { execFileSync } from 'node:child_process';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zip } from './lib/zip.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { name, version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
if (!process.argv.includes('--no-build')) execFileSync('node', [join(root, 'scripts/build.mjs'), '--browser', 'all', '--quiet'], { stdio: 'inherit' });

async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && !e.name.endsWith('.map'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

const out = join(root, 'packages');
await mkdir(out, { recursive: true });
for (const browser of ['chrome', 'firefox']) {
  const dist = join(root, 'dist', browser);
  const paths = await filesUnder(dist);
  const files = await Promise.all(paths.map(async (p) => ({ name: relative(dist, p).split('\\').join('/'), data: await readFile(p) })));
  const file = join(out, `${name}-${version}-${browser}.zip`);
  const bytes = zip(files);
  await writeFile(file, bytes);
  console.log(`${relative(root, file)}: ${files.length} files, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`);
}
