// npm start: build the extension, start the practice arena on 127.0.0.1 and open Chromium (or
// Firefox ESR) with the extension loaded into a persistent profile (.profile/ or .profile-firefox/,
// ignored by git), so that what a person records survives restarts. Installs nothing: it says what
// is missing instead.
//
//   npm start                      headed where a display exists
//   npm start -- --headless        no window (the extension still runs; use --devtools-port to drive it)
//   npm start -- --browser firefox Firefox ESR with dist/firefox/ as a temporary add-on
//   options: --port N (arena, default 4173), --profile DIR, --devtools-port N (Chromium), --no-build
import { spawn, execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFirefox, firefoxMissing } from './start-firefox.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};

const browserName = option('browser', 'chrome');
if (!['chrome', 'firefox'].includes(browserName)) {
  console.error(`Unknown browser "${browserName}": use --browser chrome or --browser firefox.`);
  process.exit(1);
}
const firefox = browserName === 'firefox';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(resolve(root, 'node_modules'))) {
  console.error('Dependencies are not installed. Run: npm run setup   (or: npm ci)');
  process.exit(1);
}
if (firefox && firefoxMissing()) {
  console.error(firefoxMissing());
  process.exit(1);
}
if (!firefox && !existsSync(chromiumPath)) {
  console.error(`Chromium was not found at ${chromiumPath}. Run: npm run setup   (it installs Debian's chromium), or set CHROMIUM_PATH.`);
  process.exit(1);
}

let headless = flag('headless');
if (!headless && !process.env.DISPLAY && !process.env.WAYLAND_DISPLAY) {
  console.error(
    'No display was found, so no browser window can open here.\n' +
      '  Run headless:            npm start -- --headless\n' +
      '  Or with a virtual one:   xvfb-run -a npm start   (apt-get install -y xvfb)',
  );
  process.exit(1);
}

if (!flag('no-build')) execFileSync('node', [resolve(root, 'scripts/build.mjs'), '--browser', browserName, '--quiet'], { stdio: 'inherit' });

const { startArena } = await import(resolve(root, 'arena/server.mjs'));
const arena = await startArena({ port: Number(option('port', '4173')) });
const profile = resolve(root, option('profile', firefox ? '.profile-firefox' : '.profile'));
mkdirSync(profile, { recursive: true });
const dist = resolve(root, 'dist', browserName);

const announce = (name, how) => {
  console.log(`arena: ${arena.url}`);
  console.log(`profile: ${profile}`);
  console.log(headless ? `${name} is running headless with the extension. Stop with Ctrl+C.` : `${name} is open with the extension. ${how} Stop with Ctrl+C.`);
  console.log('ready');
};
let stopping = false;
const stopAll = async (stopBrowser) => {
  if (stopping) return;
  stopping = true;
  await stopBrowser();
  await arena.close();
  process.exit(0);
};

if (firefox) {
  const { browser, id, stop } = await startFirefox({ dist, profile, url: arena.url, headless });
  console.log(`extension: ${id} (temporary add-on from ${dist})`);
  announce('Firefox', 'It is installed as a temporary add-on: click the co-pilot icon in the toolbar to open the sidebar.');
  browser.on('disconnected', () => void stopAll(async () => {}));
  process.on('SIGINT', () => void stopAll(stop));
  process.on('SIGTERM', () => void stopAll(stop));
} else {
  const browser = spawn(chromiumPath, chromiumArgs(), { stdio: ['ignore', 'ignore', 'pipe'] });
  browser.stderr.on('data', (d) => {
    const text = String(d);
    if (/DevTools listening/.test(text)) process.stdout.write(text);
  });
  announce(
    'Chromium',
    'Open the side panel with Alt+Shift+K, or from the Extensions menu (the puzzle piece right of the address bar), where the pin keeps the co-pilot\'s icon in the toolbar.' +
      (process.getuid?.() === 0 ? ' It runs as root here, so Chromium runs with --no-sandbox and shows a bar saying so: close it; use this profile for practice, not for browsing.' : ''),
  );
  const stop = async () => void browser.kill('SIGTERM');
  browser.on('exit', () => void stopAll(async () => {}));
  process.on('SIGINT', () => void stopAll(stop));
  process.on('SIGTERM', () => void stopAll(stop));
}

function chromiumArgs() {
  return [
    `--user-data-dir=${profile}`,
    `--disable-extensions-except=${dist}`,
    `--load-extension=${dist}`,
    '--no-first-run',
    '--no-default-browser-check',
    // This machine has no network but 127.0.0.1; these keep Chromium from retrying Google's services.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-quic',
    ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
    ...(headless ? ['--headless', '--disable-gpu'] : []),
    ...(option('devtools-port') ? [`--remote-debugging-port=${option('devtools-port')}`] : []),
    arena.url,
  ];
}
