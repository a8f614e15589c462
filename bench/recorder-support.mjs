// Pieces of the "Recorder interop" bench section (bench/recorder-interop.mjs): the page server for
// Recorder flow files, the flow sets on disk, the check of what a page must show after a flow, and
// a model endpoint that only counts calls.
import { createServer } from 'node:http';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, normalize } from 'node:path';

const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.png': 'image/png' };

/** Serves the pages flows run on: each path from the first folder that has it. */
export async function startPageServer(roots) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)).replace(/^([/\\])+/, '');
    for (const root of roots) {
      const file = join(root, path || 'index.html');
      if (!file.startsWith(root) || !existsSync(file)) continue;
      try {
        const body = await readFile(file);
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
        return res.end(body);
      } catch {
        // a folder: try the next root
      }
    }
    res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${server.address().port}`;
  return { origin, close: () => new Promise((r) => server.close(r)) };
}

/** A model endpoint that answers every call with an error and counts them: replays of these flows should make none. */
export async function startCountingModel() {
  const calls = [];
  const server = createServer((req, res) => {
    calls.push(req.url);
    req.resume();
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ type: 'error', error: { type: 'api_error', message: 'the bench has no model' } }));
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, calls, close: () => new Promise((r) => server.close(r)) };
}

/**
 * `<name>.json` or `<name>.flow.json` flows with their `<name>.expect.json` beside them, from one folder (none when the
 * folder is missing). Page addresses in the files are written `{{base}}/page.html` (or with any
 * local origin) and point at the page server here.
 */
export async function loadFlowSet(dir, origin) {
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((f) => f.endsWith('.json') && !f.endsWith('.expect.json')).sort();
  const out = [];
  for (const f of names) {
    // `<name>.json` (the runner suite's flows) or `<name>.flow.json` (the generated ones, beside their pages)
    const name = f.slice(0, -'.json'.length).replace(/\.flow$/, '');
    const expectFile = join(dir, `${name}.expect.json`);
    if (!existsSync(expectFile)) continue;
    const text = rebase(await readFile(join(dir, f), 'utf8'), origin);
    out.push({ name, text, expect: [JSON.parse(await readFile(expectFile, 'utf8'))].flat() });
  }
  return out;
}

export function rebase(text, origin) {
  return text.replace(/\{\{\s*(base|BASE|origin|ORIGIN|server)\s*\}\}|\$\{?(base|BASE)\}?|https?:\/\/(localhost|127\.0\.0\.1)(:\d+)?/g, origin);
}

/**
 * What a page must show after a flow, checked in the page itself (a function both Playwright and
 * Puppeteer can evaluate). Each entry: a CSS `selector` with any of `text` (trimmed inner text),
 * `value`, `checked`, `count` (how many match), `focused`; or a `url` the address must end with.
 * Returns the first unmet entry, as text, or '' when all are met.
 */
export function unmetInPage(expects) {
  for (const e of expects) {
    if (e.url !== undefined && !location.href.endsWith(e.url) && location.pathname !== e.url) return `address ${location.href}, not ${e.url}`;
    if (e.selector === undefined) continue;
    const all = document.querySelectorAll(e.selector);
    if (e.count !== undefined && all.length !== e.count) return `${all.length} × ${e.selector}, not ${e.count}`;
    const el = all[0];
    if (!el) return `no ${e.selector}`;
    const norm = (s) => String(s ?? '').replace(/\r/g, '').trim();
    if (e.text !== undefined && norm(el.innerText ?? el.textContent) !== norm(e.text)) return `${e.selector} shows ${JSON.stringify(norm(el.innerText))}`;
    if (e.value !== undefined && el.value !== e.value) return `${e.selector} holds ${JSON.stringify(el.value)}`;
    if (e.checked !== undefined && el.checked !== e.checked) return `${e.selector} checked ${el.checked}`;
    if (e.focused && document.activeElement !== el) return `${e.selector} is not focused`;
  }
  return '';
}

export const median = (xs) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] : NaN);
