import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * In Chrome the worker's first script is a small boot (src/background/boot.ts), and an MV3 worker
 * is woken only by events listened to in that first evaluation: a listener the main script adds to
 * a browser event itself at its start would miss the event that woke the worker. Listeners of the
 * worker's start go through `wakeOn` (src/platform/wake.ts, whose table the boot listens to).
 * These are the places that may still listen to a browser event directly: the messages (the boot's
 * own listener in Chrome, rpc's `listen` elsewhere), and listeners added only while a run goes on,
 * when main is loaded.
 */
const ALLOWED: Record<string, string[]> = {
  'src/platform/rpc.ts': ['runtime.onMessage'],
  // Chrome's boot: the worker's one message listener, at its top level
  'src/background/boot.ts': ['runtime.onMessage'],
  'src/background/agent/popup-guard.ts': ['tabs.onCreated', 'tabs.onUpdated'],
  'src/background/executor/effect-hold.ts': ['debugger.onEvent', 'debugger.onDetach'],
  'src/background/executor/debugger.ts': ['debugger.onDetach'],
  'src/background/executor/chrome-port.ts': ['tabs.onUpdated'],
  'src/background/executor/side-doors.ts': ['webRequest.onBeforeRequest', 'webRequest.onErrorOccurred', 'webRequest.onCompleted', 'tabs.onCreated'],
};

const REPO = path.resolve(__dirname, '../../..');
const LISTENING = /chrome\??\.(\w+)\??\.(on[A-Z]\w*)\??\.addListener/g;

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

function listenedIn(): Record<string, string[]> {
  const found: Record<string, string[]> = {};
  for (const file of [...sources('src/background'), ...sources('src/platform')]) {
    const text = fs.readFileSync(path.join(REPO, file), 'utf8');
    for (const m of text.matchAll(LISTENING)) (found[file] ??= []).push(`${m[1]}.${m[2]}`);
  }
  return found;
}

describe("the worker's listeners of browser events", () => {
  it('are added through wakeOn, but in the few places that listen only while a run goes on', () => {
    const found = listenedIn();
    const outside = Object.entries(found).flatMap(([file, events]) => events.filter((e) => !ALLOWED[file]?.includes(e)).map((e) => `${file}: chrome.${e}.addListener`));
    expect(outside, 'a listener of the worker’s start must go through wakeOn (src/platform/wake.ts)').toEqual([]);
  });

  it('still has every allowed place (a stale entry would let a new listener in)', () => {
    const found = listenedIn();
    const stale = Object.entries(ALLOWED).flatMap(([file, events]) => events.filter((e) => !found[file]?.includes(e)).map((e) => `${file}: ${e}`));
    expect(stale).toEqual([]);
  });
});
