import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startArena, type Arena } from '../../arena/server.mjs';
import { configureScriptedProvider, startAgentSession, type AgentSession } from './agent-session';
import { launchExtension, type Extension } from './extension';
import { startLlmServer, type LlmServer } from './llm-server';
import { servePages } from './static-server';

type Site = Awaited<ReturnType<typeof servePages>>;

/**
 * The set-ups e2e files share, each one call at the top of a file: it registers the file's
 * beforeAll and afterAll, and returns the objects the tests use. They are made in beforeAll, so
 * what is returned stands in for them: read through it in hooks and tests, not at module level.
 */

export type AgentSessionOptions = NonNullable<Parameters<typeof startAgentSession>[0]>;

/** An object made later, in beforeAll: the proxy forwards every use to it once it is set. */
export function late<T extends object>(name: string): { set(value: T): void; get(): T | undefined; proxy: T } {
  let current: T | undefined;
  const target = (): T => {
    if (!current) throw new Error(`${name} is made in beforeAll: use it in a hook or a test`);
    return current;
  };
  const proxy = new Proxy({} as T, {
    get(_, prop) {
      const t = target();
      const value: unknown = Reflect.get(t, prop, t);
      return typeof value === 'function' ? value.bind(t) : value;
    },
    set: (_, prop, value) => Reflect.set(target(), prop, value),
    has: (_, prop) => Reflect.has(target(), prop),
    // Playwright checks the class of what it is given (newCDPSession(page)): the stand-in has its object's
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
  return { set: (value) => (current = value), get: () => current, proxy };
}

/** The arena and an agent session (extension, scripted provider, side panel): the setting of a chat task. */
export function useArenaSession(opts: AgentSessionOptions = {}): { arena: Arena; s: AgentSession } {
  const arena = late<Arena>('the arena');
  const s = late<AgentSession>('the agent session');
  beforeAll(async () => {
    const [a, session] = await Promise.all([startArena({ port: 0 }), startAgentSession(opts)]);
    arena.set(a);
    s.set(session);
  });
  afterAll(async () => {
    await s.get()?.close();
    await arena.get()?.close();
  });
  return { arena: arena.proxy, s: s.proxy };
}

export interface ExtensionArena {
  ext: Extension;
  llm: LlmServer;
  arena: Arena;
  /** the web page the tests drive */
  page: Page;
  /** the side panel, acting on `page`'s tab, with the scripted provider configured */
  panel: Page;
}

/**
 * The extension, the scripted provider and the arena, one page tab and a side panel for it.
 * `openFirst` loads the page before the panel is opened for its tab.
 */
export function useExtensionArena(openFirst: (page: Page) => Promise<unknown> = async () => {}): ExtensionArena {
  const ext = late<Extension>('the extension');
  const llm = late<LlmServer>('the provider server');
  const arena = late<Arena>('the arena');
  const page = late<Page>('the page');
  const panel = late<Page>('the panel');
  beforeAll(async () => {
    const [e, l, a] = await Promise.all([launchExtension(), startLlmServer(), startArena({ port: 0 })]);
    ext.set(e);
    llm.set(l);
    arena.set(a);
    const p = await e.context.newPage();
    page.set(p);
    await openFirst(p);
    const sidePanel = await e.openPanel({ tabId: await e.tabIdOf(p) });
    panel.set(sidePanel);
    await configureScriptedProvider(sidePanel, l);
  });
  afterAll(async () => {
    await ext.get()?.close();
    await llm.get()?.close();
    await arena.get()?.close();
  });
  return { ext: ext.proxy, llm: llm.proxy, arena: arena.proxy, page: page.proxy, panel: panel.proxy };
}

/** The extension and a static site serving `pages` (path → HTML), for the whole file. */
export function useExtensionSite(pages: Record<string, string>): { ext: Extension; site: Site } {
  const ext = late<Extension>('the extension');
  const site = late<Site>('the site');
  beforeAll(async () => {
    const [e, s] = await Promise.all([launchExtension(), servePages(pages)]);
    ext.set(e);
    site.set(s);
  });
  afterAll(async () => {
    await ext.get()?.close();
    await site.get()?.close();
  });
  return { ext: ext.proxy, site: site.proxy };
}

/**
 * An agent session (extension, scripted provider, side panel) beside a static site serving
 * `pages`, for the whole file; `then` runs once both are up (open a page, script the model).
 */
export function useSiteSession(pages: Record<string, string>, opts: AgentSessionOptions = {}, then: (s: AgentSession, site: Site) => Promise<unknown> = async () => {}): { s: AgentSession; site: Site } {
  const s = late<AgentSession>('the agent session');
  const site = late<Site>('the site');
  beforeAll(async () => {
    const [session, served] = await Promise.all([startAgentSession(opts), servePages(pages)]);
    s.set(session);
    site.set(served);
    await then(session, served);
  });
  afterAll(async () => {
    await s.get()?.close();
    await site.get()?.close();
  });
  return { s: s.proxy, site: site.proxy };
}
