// The practice arena's HTTP server: node:http only, no dependencies, 127.0.0.1 by default.
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { createRouter } from './router.mjs';
import { createHostileCorner } from './hostile/corner.mjs';

export async function startArena({ port = 0, host = '127.0.0.1' } = {}) {
  const router = createRouter();
  // The hostile corner answers for its own host names (bank.test, evil.test, ...); see docs/arena.md.
  const corner = createHostileCorner({ port: () => server.address().port });
  const server = createServer((req, res) => (corner.handles(req) ? corner.handle(req, res) : router(req, res)));
  server.on('upgrade', (req, socket) => corner.upgrade(req, socket));
  server.keepAliveTimeout = 2000;
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actual = server.address().port;
  return {
    url: `http://${host}:${actual}/`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const i = process.argv.indexOf('--port');
  const port = i > 0 ? Number(process.argv[i + 1]) : 4173;
  const arena = await startArena({ port });
  console.log(`arena: ${arena.url}`);
  const stop = () => arena.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
