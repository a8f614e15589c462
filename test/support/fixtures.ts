import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Page } from 'playwright-core';
import { startArena, type Arena } from '../../arena/server.mjs';
import { configureScriptedProvider, startAgentSession, type AgentSession } from './agent-session';
import { launchExtension, type Extension } from './extension';
import { startLlmServer, type LlmServer } from './llm-server';
import { servePages, type PageHandler } from './static-server';

type Site = Awaited<ReturnType<typeof servePages>>;

/**
 * The set-ups e2e files share, each one call at the top of a file: it registers the file's
 * beforeAll and afterAll, and returns the objects the tests use. They are made in beforeAll, so
 * what is returned stands in for them: read through it in hooks and tests, not at module level.
 */

export type AgentSessionOptions = NonNullable<Parameters<typeof startAgentSession>[0]>;

/** A copy of the built extension to load instead of dist/: made before the launch, removed after it closes. */
export type ExtensionCopy = () => Promise<{ dir: string; remove(): Promise<void> }>;

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
export function useArenaSession(opts: AgentSessionOptions & { copy?: ExtensionCopy } = {}): { arena: Arena; s: AgentSession } {
  const arena = late<Arena>('the arena');
  const s = late<AgentSession>('the agent session');
  let copy: Awaited<ReturnType<ExtensionCopy>> | undefined;
  beforeAll(async () => {
    const [a, made] = await Promise.all([startArena({ port: 0 }), opts.copy?.()]);
    arena.set(a);
    copy = made;
    s.set(await startAgentSession({ ...opts, extensionDir: copy?.dir ?? opts.extensionDir }));
  });
  afterAll(async () => {
    await s.get()?.close();
    await arena.get()?.close();
    await copy?.remove();
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
  const { ext, llm, arena } = useExtension({ provider: true, arena: true });
  const page = late<Page>('the page');
  const panel = late<Page>('the panel');
  beforeAll(async () => {
    const p = await ext.context.newPage();
    page.set(p);
    await openFirst(p);
    const sidePanel = await ext.openPanel({ tabId: await ext.tabIdOf(p) });
    panel.set(sidePanel);
    await configureScriptedProvider(sidePanel, llm);
  });
  return { ext, llm, arena, page: page.proxy, panel: panel.proxy };
}

export interface ExtensionOptions {
  /** the scripted provider server too (`llm`), not yet in the settings (`configureScriptedProvider` does that) */
  provider?: boolean;
  /** a static site serving these pages (`site`) */
  pages?: Record<string, string | PageHandler>;
  /** the arena (`arena`) */
  arena?: boolean;
  /** a side panel page of no tab (`panel`), open once the rest is up */
  panel?: boolean;
  copy?: ExtensionCopy;
  /** a browser profile of the file's own, kept across `relaunch()` (removed at the end) */
  keptProfile?: boolean;
}

export interface ExtensionSetup {
  ext: Extension;
  /** only with `provider` */
  llm: LlmServer;
  /** only with `pages` */
  site: Site;
  /** only with `arena` */
  arena: Arena;
  /** only with `panel` */
  panel: Page;
  /** closes the browser and launches it again on the same profile (with `keptProfile`); `ext` is then the new one */
  relaunch(): Promise<void>;
}

/**
 * The extension with what a file asks for beside it (the scripted provider server, a static site,
 * the arena, a side panel, a copy of the extension, a profile kept across launches), for the whole file.
 */
export function useExtension(opts: ExtensionOptions = {}): ExtensionSetup {
  const ext = late<Extension>('the extension');
  const llm = late<LlmServer>('the provider server (ask for it with provider: true)');
  const site = late<Site>('the site (ask for it with pages)');
  const arena = late<Arena>('the arena (ask for it with arena: true)');
  const panel = late<Page>('the panel (ask for it with panel: true)');
  let copy: Awaited<ReturnType<ExtensionCopy>> | undefined;
  let profile: string | undefined;
  const launch = () => launchExtension({ extensionDir: copy?.dir, userDataDir: profile, keepProfile: !!profile });
  beforeAll(async () => {
    [copy, profile] = await Promise.all([opts.copy?.(), opts.keptProfile ? mkdtemp(join(tmpdir(), 'copilot-kept-')) : undefined]);
    const [e, l, served, a] = await Promise.all([
      launch(),
      opts.provider ? startLlmServer() : undefined,
      opts.pages ? servePages(opts.pages) : undefined,
      opts.arena ? startArena({ port: 0 }) : undefined,
    ]);
    ext.set(e);
    if (l) llm.set(l);
    if (served) site.set(served);
    if (a) arena.set(a);
    if (opts.panel) panel.set(await e.openPanel());
  });
  afterAll(async () => {
    await ext.get()?.close().catch(() => {});
    await llm.get()?.close();
    await site.get()?.close();
    await arena.get()?.close();
    await copy?.remove();
    if (profile) await rm(profile, { recursive: true, force: true });
  });
  const relaunch = async () => {
    if (!profile) throw new Error('relaunch keeps the profile: ask for keptProfile: true');
    await ext.get()?.close();
    ext.set(await launch());
  };
  return { ext: ext.proxy, llm: llm.proxy, site: site.proxy, arena: arena.proxy, panel: panel.proxy, relaunch };
}

/**
 * An agent session (extension, scripted provider, side panel) beside a static site serving
 * `pages`, for the whole file; `then` runs once both are up (open a page, script the model).
 */
export function useSiteSession(pages: Record<string, string | PageHandler>, opts: AgentSessionOptions = {}, then: (s: AgentSession, site: Site) => Promise<unknown> = async () => {}): { s: AgentSession; site: Site } {
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
