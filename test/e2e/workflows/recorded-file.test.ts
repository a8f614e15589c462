import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { panelSend } from '../../support/panel';
import { useExtensionArena } from '../../support/fixtures';
import { createScenario } from '../../../arena/client.mjs';
import { shootPanel } from '../../support/shots';

// A recording with a file: the file's name becomes a file variable (its bytes are never kept), and
// each Run asks for the file to send, which the site then receives byte for byte.
const { arena, page, panel } = useExtensionArena((p) => {
  p.setDefaultTimeout(10_000);
  return open(1);
});
const NAME = 'Apply with my CV';
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function open(seed: number) {
  const s = await createScenario(arena.url, 'upload-file', seed);
  await page.goto(s.startUrl);
  // no wait for the content script: the Record or Run that follows puts it into the page
  return s;
}

/**
 * A person's choice in the file chooser: the browser sets the field's files and fires trusted
 * `input` and `change` (DevTools' DOM.setFileInputFiles). Playwright's setInputFiles fires them from
 * script, untrusted, which the recorder rightly ignores.
 */
async function chooseFile(p: Page, selector: string, name: string, bytes: Buffer): Promise<void> {
  const path = join(mkdtempSync(join(tmpdir(), 'choose-')), name);
  writeFileSync(path, bytes);
  const cdp = await p.context().newCDPSession(p);
  const { root } = await cdp.send('DOM.getDocument');
  const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
  await cdp.send('DOM.setFileInputFiles', { nodeId, files: [path] });
  await cdp.detach();
}

async function received(id: string): Promise<{ name: string; cv: { name: string; size: number; sha256: string } | null }[]> {
  return (await fetch(new URL(`/t/upload-file/received?scenario=${id}`, arena.url))).json();
}

describe('a recorded workflow with a file', () => {
  it('records the chosen file as a file variable, and a Run sends the file chosen in its form', async () => {
    const first = await open(1);
    const recorded = Buffer.from('%PDF-1.4 recorded CV\n');
    await panel.bringToFront();
    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    await page.getByLabel('Full name').fill('Ann Lee');
    await chooseFile(page, '#cv', 'cv-2025.pdf', recorded);
    await page.getByRole('button', { name: 'Send application' }).click();
    await expect.poll(() => page.locator('#status').textContent()).toContain('Application sent with cv-2025.pdf');
    await panel.bringToFront();
    await panel.getByTestId('record-task').fill(NAME);
    await panel.getByTestId('record-save').click();
    await expect.poll(() => panel.getByTestId('record-message').textContent()).toContain('also as a workflow');
    const list = (await panelSend(panel, 'workflows.list', {})) as { result: { id: string; name: string }[] };
    const id = list.result.find((w) => w.name === NAME)!.id;
    const wf = ((await panelSend(panel, 'workflows.get', { id })) as { result: { variables: { label: string; default?: string; file?: boolean }[]; steps: { action: { kind: string } }[] } }).result;
    // the name is a hint for the Run form; no step clicks the file field to open its chooser
    expect(wf.variables).toContainEqual(expect.objectContaining({ label: 'Your CV (PDF or text)', default: 'cv-2025.pdf', file: true }));
    expect(wf.steps.map((s) => s.action.kind)).toEqual(['type', 'upload', 'click']);
    expect((await received(first.id)).at(-1)?.cv?.sha256).toBe(sha(recorded));

    // another application, with this year's CV chosen in the Run form
    const second = await open(2);
    const fresh = Buffer.from([37, 80, 68, 70, 10, 0, 255, 1, 254, 10]);
    await panel.bringToFront();
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    const item = panel.getByTestId('workflow').filter({ hasText: NAME }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    expect(await item.textContent()).toContain('Recorded with cv-2025.pdf; choose the file for this run.');
    await shootPanel(panel, 'run-form-file', { schemes: ['light'] });
    await item.getByLabel('Your CV (PDF or text)').setInputFiles({ name: 'cv-2026.pdf', mimeType: 'application/pdf', buffer: fresh });
    await item.getByRole('button', { name: 'Start replay' }).click();
    // "Send application" says it sends: asked at every run, as the person's own click was not
    const card = panel.getByTestId('replay-confirm');
    await card.waitFor({ timeout: 20_000 });
    expect(await card.getAttribute('data-category')).toBe('send');
    await card.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => panel.getByTestId('replay-status').getAttribute('data-status'), { timeout: 20_000 }).toBe('done');
    const got = (await received(second.id)).at(-1);
    expect(got).toMatchObject({ name: 'Ann Lee', cv: { name: 'cv-2026.pdf', size: fresh.length, sha256: sha(fresh) } });
    // the file was for that run only
    const kept = await panel.evaluate(async () => {
      const req = indexedDB.open('copilot');
      const db = await new Promise<IDBDatabase>((r) => (req.onsuccess = () => r(req.result)));
      const count = db.transaction('attachments').objectStore('attachments').count();
      return new Promise<number>((r) => (count.onsuccess = () => r(count.result)));
    });
    expect(kept).toBe(0);
  });
});
