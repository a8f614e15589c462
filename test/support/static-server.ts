import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A tiny server for fixture pages on 127.0.0.1: path -> HTML. */
export async function servePages(pages: Record<string, string>): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    const html = pages[(req.url ?? '/').split('?')[0]!];
    if (html === undefined) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}
