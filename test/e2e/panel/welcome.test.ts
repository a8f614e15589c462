import { afterAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { launchExtension, type Extension } from '../../support/extension';
import { shootPanel } from '../../support/shots';
import { seriousAxe } from '../../support/axe';

// A person who installs the co-pilot is shown where it lives, once: Chrome keeps a new extension's
// icon in the Extensions menu, so without this tab the panel may never be found.

const profile = await mkdtemp(join(tmpdir(), 'copilot-welcome-'));
let ext: Extension | undefined;

afterAll(async () => {
  await ext?.close().catch(() => {});
  await rm(profile, { recursive: true, force: true });
});

async function welcomeTab(e: Extension, ms: number): Promise<Page | undefined> {
  const url = `chrome-extension://${e.extensionId}/welcome.html`;
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
    const page = e.context.pages().find((p) => p.url() === url);
    if (page) return page;
  }
  return undefined;
}

describe('the first install', () => {
  it('opens a tab that says how to open and pin the co-pilot, opens the panel from its button, and never again in that profile', async () => {
    ext = await launchExtension({ userDataDir: profile, keepProfile: true, keepWelcome: true });
    const welcome = await welcomeTab(ext, 10_000);
    expect(welcome, 'the welcome tab').toBeDefined();
    const page = welcome!;
    await page.bringToFront();
    await expect.poll(() => page.getByTestId('welcome-pin').textContent()).toContain('Pin it so its icon stays on the toolbar');
    // the shortcut the browser really assigned, not the one the manifest suggests
    expect(await page.getByTestId('welcome-pin').textContent()).toContain('Alt+Shift+K');
    // no model yet: installed, not "ready", and it says what comes first
    await expect.poll(() => page.getByTestId('welcome-title').textContent()).toBe('The co-pilot is installed');
    expect(await page.getByTestId('welcome-setup').textContent()).toMatch(/needs a model/);
    expect(await seriousAxe(page)).toEqual([]);
    await shootPanel(page, 'welcome');
    await page.setViewportSize({ width: 1000, height: 700 });
    await page.getByRole('button', { name: 'Open the co-pilot' }).click();
    await expect.poll(() => page.getByRole('status').allTextContents()).toEqual([expect.stringContaining('It is open on the right')]);
    // the browser's own side panel, not a tab: its page is a target of the window
    const cdp = await ext.context.newCDPSession(page);
    const panels = async () => {
      const { targetInfos } = (await cdp.send('Target.getTargets')) as { targetInfos: { url: string; type: string }[] };
      return targetInfos.filter((t) => t.url.startsWith(`chrome-extension://${ext!.extensionId}/sidepanel.html`)).map((t) => t.type);
    };
    await expect.poll(panels).toHaveLength(1);
    await cdp.detach();
    await ext.close();
    // the same profile started again: installed already, no second welcome
    ext = await launchExtension({ userDataDir: profile, keepProfile: true, keepWelcome: true });
    await ext.serviceWorker();
    expect(await welcomeTab(ext, 3000)).toBeUndefined();
  });
});
