// The hostile corner: attack pages served under made-up host names (bank.test, evil.test,
// me.github.io, ...) that the browser maps to this server (Chromium's --host-resolver-rules), so
// one server plays several sites told apart by the Host header. Every request is logged
// server-side (log.mjs); GET /api/hostile/log on any host returns the log, POST
// /api/hostile/clear empties it.
import { createHostileLog } from './log.mjs';
import { PAGES as BASE_PAGES, SINK_PAGE } from './pages.mjs';
import { EFFECT_PAGES } from './effect-pages.mjs';
import { OUTSIDE_PAGES, OUTSIDE_ROUTES } from './outside-pages.mjs';
import { acceptWebSocket } from './ws.mjs';

const PAGES = { ...BASE_PAGES, ...EFFECT_PAGES, ...OUTSIDE_PAGES };

/** Host names the corner answers for: anything under .test and the github.io look-alikes. */
export const isHostileHost = (host) => /\.test$|(^|\.)github\.io$/.test(host);

const hostOf = (req) => String(req.headers.host ?? '').toLowerCase().replace(/:\d+$/, '');

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (c) => {
      size += c.length;
      if (size <= 1 << 20) chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function createHostileCorner({ port }) {
  const log = createHostileLog();
  const ctx = (host) => ({
    host,
    port: port(),
    /** an absolute address on one of the corner's hosts */
    url: (h, path = '/') => `http://${h}:${port()}${path}`,
  });

  return {
    log,
    /** A WebSocket opened to a corner host: each text frame is logged as a request of method WS. */
    upgrade(req, socket) {
      const host = hostOf(req);
      if (!isHostileHost(host)) return socket.destroy();
      const url = new URL(req.url ?? '/', 'http://corner');
      acceptWebSocket(req, socket, (text) => log.note({ method: 'WS', host, path: url.pathname, query: url.searchParams.toString(), body: text, origin: String(req.headers.origin ?? '') }));
    },
    handles(req) {
      const path = (req.url ?? '').split('?')[0];
      return isHostileHost(hostOf(req)) || path.startsWith('/api/hostile/');
    },
    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://corner');
      const host = hostOf(req);
      const send = (status, type, body, headers = {}) => {
        res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'access-control-allow-origin': '*', ...headers });
        res.end(body);
      };
      if (url.pathname === '/api/hostile/log') return send(200, 'application/json', JSON.stringify(log.summary()));
      if (url.pathname === '/api/hostile/clear' && req.method === 'POST') {
        log.clear();
        return send(200, 'application/json', '{"ok":true}');
      }
      const body = req.method === 'GET' || req.method === 'HEAD' ? '' : await readBody(req);
      if (url.pathname !== '/favicon.ico' && !url.pathname.startsWith('/static/')) {
        log.note({ method: req.method, host, path: url.pathname, query: url.searchParams.toString(), body, origin: String(req.headers.origin ?? '') });
      }
      if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '');
      if (url.pathname === '/go') {
        // an open redirect on the site itself: where a click on a same-site link really ends up
        const to = url.searchParams.get('to') ?? '/';
        return send(302, 'text/plain', '', { location: to.startsWith('http') ? to : ctx(host).url(to.split('/')[0] || host, '/' + to.split('/').slice(1).join('/')) });
      }
      const routed = OUTSIDE_ROUTES[url.pathname]?.(ctx(host), req.method);
      if (routed) return send(routed.status, 'text/plain', '', { location: routed.location });
      const page = PAGES[url.pathname];
      if (req.method === 'GET' && page) return send(200, 'text/html; charset=utf-8', page(ctx(host), url.searchParams));
      return send(200, 'text/html; charset=utf-8', SINK_PAGE(host, req.method, url.pathname));
    },
  };
}
