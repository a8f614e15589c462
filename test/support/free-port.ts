import { createServer } from 'node:net';

/** A port nothing listens on now, on 127.0.0.1 (a server a test starts there, such as the MCP server). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}
