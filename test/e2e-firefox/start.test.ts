import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:net';
import { ROOT } from '../support/extension';
import { GECKO_ID } from '../../src/platform/manifest';
import { requireFirefox } from './support/firefox';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

const groupAlive = (pid: number) => {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
};

let child: ChildProcess | undefined;
let profile = '';
afterAll(async () => {
  if (child?.pid && child.exitCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    // npm does not pass signals on: end the process group (npm, node scripts/start.mjs, Firefox)
    process.kill(-child.pid, 'SIGTERM');
    await exited;
    // npm exits first; Firefox and the script close after it
    for (let i = 0; i < 100 && groupAlive(child.pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
  if (profile) await rm(profile, { recursive: true, force: true });
});

describe('npm start -- --browser firefox', () => {
  it('serves the arena and runs Firefox ESR with the extension installed in the given profile (headless here)', async () => {
    requireFirefox();
    profile = await mkdtemp(join(tmpdir(), 'copilot-start-firefox-'));
    const port = await freePort();
    child = spawn('npm', ['start', '--', '--browser', 'firefox', '--headless', '--no-build', '--port', String(port), '--profile', profile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    const exited = new Promise<number | null>((r) => child!.once('exit', r));
    const ready = await Promise.race([expect.poll(() => out, { timeout: 40_000 }).toMatch(/ready/).then(() => true), exited.then(() => false)]);
    if (!ready) throw new Error(`npm start exited early:\n${out}`);
    expect(out).toContain(`arena: http://127.0.0.1:${port}/`);
    expect(out).toContain(`profile: ${profile}`);
    // Firefox installed the add-on (it answers with the add-on's id) and opened the profile given
    expect(out).toContain(`extension: ${GECKO_ID}`);
    expect(await readdir(profile)).toContain('prefs.js');
  });
});
