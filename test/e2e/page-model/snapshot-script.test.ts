// `npm run snapshot` (scripts/snapshot.mjs) on pages that carry their own Content-Security-Policy:
// the page model must run there as it does in the extension, from an isolated world, whatever the
// page allows its own scripts.
import { execFile } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTools, root } from './harness';

const PAGE = (head = '') => `<!doctype html><html><head>${head}<title>Orders</title></head><body><h1>Your orders</h1><p>Order 4411 shipped.</p><button>Track parcel</button></body></html>`;
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "script-src 'none'; object-src 'none'" }).end(PAGE());
});
const dir = mkdtempSync(join(tmpdir(), 'snapshot-csp-'));
let url = '';

beforeAll(async () => {
  await buildTools();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`;
}, 120_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  return new Promise<void>((r) => server.close(() => r()));
});

const snapshotOf = (target: string) =>
  new Promise<{ code: number; out: string; err: string }>((resolve) => {
    execFile(process.execPath, [join(root, 'scripts/snapshot.mjs'), target, '--budget', '500'], { cwd: root, timeout: 60_000 }, (e, out, err) => resolve({ code: e ? ((e as { code?: number }).code ?? 1) : 0, out, err }));
  });

describe('npm run snapshot on a page with its own Content-Security-Policy', () => {
  it('prints the page model of a page whose header allows no script at all', async () => {
    const r = await snapshotOf(url);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toContain('# Your orders');
    expect(r.out).toContain('Order 4411 shipped.');
    expect(r.out).toMatch(/<button id=\d+>Track parcel<\/button>/);
    expect(r.out).toMatch(new RegExp(`-- ${url} \\| \\d+ tokens \\| 1 elements with ids \\| complete`));
  }, 90_000);

  it('and of a saved page whose meta tag allows none', async () => {
    const file = join(dir, 'saved.html');
    writeFileSync(file, PAGE(`<meta http-equiv="Content-Security-Policy" content="script-src 'none'">`));
    const r = await snapshotOf(file);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/<button id=\d+>Track parcel<\/button>/);
  }, 90_000);
});
