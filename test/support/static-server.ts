import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page that is more than fixed HTML (one that streams, or arrives late): it answers the request itself. */
export type PageHandler = (req: IncomingMessage, res: ServerResponse) => void;

/** A tiny server for fixture pages on 127.0.0.1: path -> HTML or a handler; `*` answers any other path. */
export async function servePages(pages: Record<string, string | PageHandler>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const page = pages[(req.url ?? '/').split('?')[0]!] ?? pages['*'];
    if (page === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    if (typeof page === 'function') return page(req, res);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
