// Runs the build described in vite.config.ts (the build itself lives there) for one browser or both,
// for the scripts and tests that build before they run. `npm run build` / `npm run build:firefox`
// call Vite directly.
//   node scripts/build.mjs [--browser chrome|firefox|all] [--quiet]
import { createBuilder } from 'vite';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const quiet = args.includes('--quiet');
const i = args.indexOf('--browser');
const wanted = i >= 0 ? args[i + 1] : 'chrome';
const browsers = wanted === 'all' ? ['chrome', 'firefox'] : [wanted];

for (const mode of browsers) {
  const builder = await createBuilder({ configFile: resolve(root, 'vite.config.ts'), mode, logLevel: quiet ? 'error' : 'warn' });
  await builder.buildApp();
}
