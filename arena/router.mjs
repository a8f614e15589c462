// Routes: the index, the JSON API, static files, and each task's own pages under its prefix.
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRng } from './lib/random.mjs';
import { createLayout } from './lib/layout.mjs';
import { page, html } from './lib/html.mjs';
import { createStore, record } from './store.mjs';
import { tasks } from './tasks/index.mjs';

const PUBLIC_DIR = fileURLToPath(new URL('./public/', import.meta.url));
const TYPES = { css: 'text/css', js: 'text/javascript', svg: 'image/svg+xml', png: 'image/png' };
const MAX_BODY = 1 << 20;

const staticFiles = new Map(
  readdirSync(PUBLIC_DIR).map((name) => [name, readFileSync(PUBLIC_DIR + name)]),
);
const taskByName = new Map(tasks.map((t) => [t.name, t]));
const prefixOf = (task) => task.prefix ?? `/t/${task.name}`;
// Several tasks may share one site (the airline, the inbox): one prefix, one route table.
const sites = new Map(tasks.map((t) => [prefixOf(t), t.routes]));

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size > MAX_BODY) reject(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res, status, type, body, headers = {}) {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...headers });
  res.end(body);
}
const sendJson = (res, status, value) => send(res, status, 'application/json', JSON.stringify(value));

function intParam(value, fallback) {
  const n = Number(value);
  return value !== null && value !== '' && Number.isFinite(n) ? Math.trunc(n) : fallback;
}

export function createRouter() {
  const store = createStore();

  function createScenario(origin, name, seedParam, layoutParam) {
    const task = taskByName.get(name);
    if (!task) return null;
    const seed = intParam(seedParam, 0);
    const layout = task.variesLayout ? Math.abs(intParam(layoutParam, seed)) : 0;
    const data = task.generate(createRng(`data:${task.name}:${seed}`), { seed });
    const scenario = store.create({ task: task.name, seed, layout, text: data.text, data });
    task.init?.(scenario);
    const startUrl = `${origin}${prefixOf(task)}${task.start ?? '/'}?scenario=${scenario.id}`;
    return { id: scenario.id, task: task.name, text: scenario.text, startUrl, seed, layout };
  }

  function scoreOf(scenario) {
    const result = taskByName.get(scenario.task).score(scenario);
    return { ...result, success: result.success ? 1 : 0, progress: Math.round(result.progress * 1000) / 1000 };
  }

  async function handle(req, res) {
    const url = new URL(req.url, `http://${req.headers.host || '127.0.0.1'}`);
    const origin = url.origin;
    const q = url.searchParams;
    const path = url.pathname;

    if (req.method === 'GET' && path === '/') return send(res, 200, 'text/html; charset=utf-8', indexPage());
    if (req.method === 'GET' && path.startsWith('/static/')) {
      const name = path.slice(8);
      const file = staticFiles.get(name);
      if (!file) return send(res, 404, 'text/plain', 'not found');
      return send(res, 200, TYPES[name.split('.').pop()] ?? 'application/octet-stream', file);
    }
    if (path === '/favicon.ico') return send(res, 204, 'text/plain', '');
    if (req.method === 'GET' && path === '/api/tasks') {
      return sendJson(res, 200, tasks.map((t) => ({ name: t.name, description: t.description, variesLayout: !!t.variesLayout })));
    }
    if (req.method === 'GET' && path === '/api/scenario') {
      const created = createScenario(origin, q.get('task'), q.get('seed'), q.get('layout'));
      return created ? sendJson(res, 200, created) : sendJson(res, 404, { error: `unknown task ${q.get('task')}` });
    }
    if (req.method === 'GET' && path === '/api/score') {
      const scenario = store.get(q.get('scenario'));
      return scenario ? sendJson(res, 200, scoreOf(scenario)) : sendJson(res, 404, { error: 'unknown scenario' });
    }
    if (req.method === 'POST' && path === '/api/report') {
      // Widget pages report what the user did here, so scores come from the server's record.
      const scenario = store.get(q.get('scenario'));
      if (!scenario) return sendJson(res, 404, { error: 'unknown scenario' });
      let event;
      try {
        event = JSON.parse((await readBody(req)) || '{}');
      } catch {
        return sendJson(res, 400, { error: 'bad json' });
      }
      const { type, ...data } = event;
      record(scenario, String(type ?? 'event'), data);
      return sendJson(res, 200, { ok: true });
    }
    if (req.method === 'GET' && path === '/go') {
      const created = createScenario(origin, q.get('task'), q.get('seed'), q.get('layout'));
      if (!created) return send(res, 404, 'text/plain', 'unknown task');
      return send(res, 200, 'text/html; charset=utf-8', goPage(created));
    }

    for (const [prefix, routes] of sites) {
      if (path !== prefix && !path.startsWith(prefix + '/')) continue;
      const sub = path.slice(prefix.length) || '/';
      const handler = routes[`${req.method} ${sub}`];
      if (!handler) break;
      const body = req.method === 'POST' ? new URLSearchParams(await readBody(req)) : new URLSearchParams();
      const scenario = store.get(q.get('scenario') ?? body.get('scenario'));
      if (!scenario || prefixOf(taskByName.get(scenario.task)) !== prefix) {
        return send(res, 404, 'text/html; charset=utf-8', page({ title: 'Not found', body: html`<h1>Unknown scenario</h1><p><a href="/">Pick a task</a> to start one.</p>` }));
      }
      const L = createLayout(scenario.task, scenario.layout);
      const ctx = {
        req, url, query: q, body, scenario, L, origin, prefix,
        data: scenario.data,
        state: scenario.state,
        field: (key) => (body.get(L.name(key)) ?? '').trim(),
        fields: (key) => body.getAll(L.name(key)),
        record: (type, data) => record(scenario, type, data),
        href: (p, params = {}) => {
          const sp = new URLSearchParams({ scenario: scenario.id, ...params });
          return `${prefix}${p}?${sp}`;
        },
        html: (text, status = 200) => send(res, status, 'text/html; charset=utf-8', String(text)),
        json: (value, status = 200) => sendJson(res, status, value),
        // a file the browser saves rather than shows
        file: (name, type, content) => send(res, 200, type, content, { 'content-disposition': `attachment; filename="${name}"` }),
        redirect: (location) => send(res, 303, 'text/plain', '', { location }),
      };
      return handler(ctx);
    }
    send(res, 404, 'text/html; charset=utf-8', page({ title: 'Not found', body: html`<h1>Page not found</h1><p><a href="/">Back to the arena</a></p>` }));
  }

  return async (req, res) => {
    try {
      await handle(req, res);
    } catch (err) {
      if (!res.headersSent) sendJson(res, 500, { error: String(err?.message ?? err) });
      else res.end();
    }
  };
}

function indexPage() {
  return page({
    title: 'Practice Arena',
    body: html`<h1>Practice arena</h1>
<p>Realistic web tasks with seeded data and automatic scoring. Pick a task and a seed; the next page
shows the task text to give the co-pilot and a link to the page to do it on. The seed changes the
data and the page layout (element ids, labels, field order); seed 0 is the canonical layout.</p>
<table class="data-table task-list"><thead><tr><th>Task</th><th>What it tests</th><th>Start</th></tr></thead><tbody>
${tasks.map((t) => html`<tr><td><code>${t.name}</code></td><td>${t.description}</td>
<td><form action="/go" method="get" class="inline-form"><input type="hidden" name="task" value="${t.name}">
<label class="sr-only" for="seed-${t.name}">Seed for ${t.name}</label><input class="seed" id="seed-${t.name}" name="seed" type="number" value="1" min="0">
<button type="submit">Start</button></form></td></tr>`)}
</tbody></table>
<p>API: <code>/api/tasks</code>, <code>/api/scenario?task=NAME&amp;seed=N[&amp;layout=N]</code>, <code>/api/score?scenario=ID</code>.</p>`,
  });
}

function goPage(s) {
  return page({
    title: `Task: ${s.task}`,
    body: html`<h1>Your task</h1>
<blockquote class="task-text" id="task-text">${s.text}</blockquote>
<p><a class="button primary" id="open-task" href="${s.startUrl}">Open the page</a></p>
<p class="muted">Scenario <code>${s.id}</code> (task ${s.task}, seed ${s.seed}, layout ${s.layout}).
When done, see the <a href="/api/score?scenario=${s.id}">score</a>.</p>`,
  });
}
