import { beforeAll, describe, expect, it } from 'vitest';
import { useExtension } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../src/memory/file';

/**
 * The Demonstrations list in Settings, with no model configured: files go in through the real
 * file input, a demonstration whose label call cannot be made is kept (its calls come from its
 * steps), a corrupt or newer file is refused with a message naming what is wrong and changes
 * nothing stored, export gives back exactly what was imported, and delete removes a
 * demonstration with its retrieval key.
 */

const { panel } = useExtension({ panel: true });
beforeAll(async () => {
  await panel.getByRole('tab', { name: 'Settings' }).click();
});

const PAGE = '# Contact\n<input id=3 label="Email">\n<input id=4 type=password label="Password" value=(filled)>\n<button id=5>Send</button>';
const step = (at: number, action: Record<string, unknown>, name: string, extra: Record<string, unknown> = {}) => ({
  at,
  url: 'https://shop.example/contact',
  title: 'Contact us',
  action,
  target: { tag: 'input', role: 'textbox', name, css: `#f${at}`, xpath: '', frames: [], shadow: [] },
  page: PAGE,
  ...extra,
});
const demo = (id: string, task: string, labels: unknown[] = []) => ({
  format: 'copilot-demonstration',
  version: 1,
  id,
  task,
  description: '',
  site: 'shop.example',
  startUrl: 'https://shop.example/contact',
  title: 'Contact us',
  headings: ['Contact'],
  createdAt: id === 'demo-a' ? 1 : 2,
  steps: [
    step(1, { kind: 'type', id: 3, value: 'ana@example.com', secret: false }, 'Email'),
    step(2, { kind: 'type', id: 4, value: '', secret: true }, 'Password', { variable: 'password' }),
    step(3, { kind: 'click', id: 5 }, 'Send'),
  ],
  labels,
});
const FILE = {
  format: EXPORT_FORMAT,
  version: EXPORT_VERSION,
  exportedAt: 5,
  demonstrations: [
    demo('demo-a', 'Send the contact form with my email', [{ call: { policy: 'FILL_TEXT', target: 'Email', value: 'ana@example.com' }, steps: [0] }, { call: { policy: 'CLICK', target: 'Send', value: '' }, steps: [1, 2] }]),
    demo('demo-b', 'Write to the shop support'),
  ],
};

async function importText(text: string, name = 'demos.json'): Promise<string> {
  const message = panel.getByTestId('memory-message');
  const current = async () => ((await message.count()) ? await message.textContent() : null);
  const before = await current();
  await panel.locator('input[name="import-demonstrations"]').setInputFiles({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await expect.poll(current).not.toBe(before);
  return (await current()) ?? '';
}

async function exported(): Promise<{ demonstrations: unknown[] }> {
  const reply = (await panelSend(panel, 'memory.export', {})) as { ok: true; result: { ok: boolean; text: string } };
  expect(reply.result.ok).toBe(true);
  return JSON.parse(reply.result.text);
}

describe('the Demonstrations list', () => {
  it('imports a file through the panel and keeps a demonstration whose label call cannot be made', async () => {
    expect(await importText(JSON.stringify(FILE))).toBe('Imported 2 demonstrations.');
    const rows = panel.getByTestId('demonstration');
    await expect.poll(() => rows.count()).toBe(2);
    // no model is configured: the one label call fails, the demonstration stays, unlabelled
    await expect.poll(() => panel.locator('[data-demonstration-id="demo-b"]').getAttribute('data-label-state')).toBe('failed');
    expect(await panel.locator('[data-demonstration-id="demo-a"]').getAttribute('data-label-state')).toBe('labelled');
    expect(await panel.locator('[data-demonstration-id="demo-a"]').textContent()).toContain('summed up in 2 plan steps');
    // an unlabelled one, found by words only, says nothing of either
    expect(await panel.locator('[data-demonstration-id="demo-b"]').textContent()).not.toMatch(/label|words only|found by its words|step by step/);
  });

  it('exports exactly what was imported', async () => {
    const file = await exported();
    // newest first
    expect(file.demonstrations).toEqual([FILE.demonstrations[1], FILE.demonstrations[0]]);
  });

  it('refuses a corrupt file and a newer one, saying what is wrong, and changes nothing stored', async () => {
    const before = await exported();
    const corrupt = structuredClone(FILE);
    corrupt.demonstrations[0] = { ...demo('demo-c', 'A new one'), createdAt: 9 };
    (corrupt.demonstrations[1]!.steps[0]!.action as { kind: string }).kind = 'teleport';
    corrupt.demonstrations[1]!.task = 'changed by the bad file';
    const message = await importText(JSON.stringify(corrupt));
    expect(message).toContain('demonstrations.1.steps.0.action.kind');
    expect(await panel.getByRole('alert').count()).toBe(1);

    const newer = await importText(JSON.stringify({ ...FILE, version: EXPORT_VERSION + 1 }), 'newer.json');
    expect(newer).toContain('newer version');
    const notJson = await importText('{"format": "copilot-demonstrations", ', 'cut.json');
    expect(notJson).toContain('not JSON');

    expect((await exported()).demonstrations).toEqual(before.demonstrations);
    expect(await panel.getByTestId('demonstration').count()).toBe(2);
  });

  it('leaves a stored demonstration as it was when a file brings the same id', async () => {
    const again = structuredClone(FILE);
    again.demonstrations[1]!.task = 'an impostor';
    expect(await importText(JSON.stringify(again), 'again.json')).toBe('Imported 0 demonstrations; 2 already stored, left as they were.');
    const file = (await exported()) as { demonstrations: { task: string }[] };
    expect(file.demonstrations.map((d) => d.task)).toEqual(['Write to the shop support', 'Send the contact form with my email']);
  });

  it('says what an export file holds and downloads it only when the person agrees', async () => {
    const downloads: string[] = [];
    const onDownload = (d: { suggestedFilename(): string }) => downloads.push(d.suggestedFilename());
    panel.on('download', onDownload);
    const exportAll = panel.getByRole('button', { name: 'Export all' });
    const warning = panel.getByTestId('export-warning');

    await exportAll.click();
    await warning.waitFor();
    const said = (await warning.innerText()).replace(/\s+/g, ' ');
    expect(said).toMatch(/2 demonstrations with 6 steps, recorded on shop\.example\./);
    expect(said).toContain('Page text: 24 lines of the pages you recorded');
    expect(said).toContain('2 values you typed');
    // nothing is saved until the person says so, and Cancel saves nothing
    await panel.getByTestId('export-cancel').click();
    await warning.waitFor({ state: 'detached' });
    await panel.waitForTimeout(300);
    expect(downloads).toEqual([]);

    await exportAll.click();
    const [file] = await Promise.all([panel.waitForEvent('download'), panel.getByTestId('export-download').click()]);
    expect(file.suggestedFilename()).toMatch(/^demonstrations-\d{4}-\d{2}-\d{2}\.json$/);
    expect(await panel.getByTestId('memory-message').textContent()).toMatch(/^Exported 2 demonstrations to demonstrations-/);
    await warning.waitFor({ state: 'detached' });
    expect(downloads).toHaveLength(1);
    panel.off('download', onDownload);
  });

  it('offers examples from other sites (off) and how long chats are kept (90 days) in Settings', async () => {
    const otherSites = panel.locator('input[name="examples-from-other-sites"]');
    const retention = panel.locator('select[name="history-retention"]');
    expect(await otherSites.isChecked()).toBe(false);
    expect(await retention.inputValue()).toBe('90');
    await otherSites.check();
    await retention.selectOption({ label: '30 days' });
    await panel.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(async () => ((await panelSend(panel, 'settings.get', {})) as { result: { examplesFromOtherSites: boolean; historyRetentionDays: number } }).result)
      .toMatchObject({ examplesFromOtherSites: true, historyRetentionDays: 30 });
  });

  it('deletes a demonstration with its retrieval key', async () => {
    await panel.locator('[data-demonstration-id="demo-b"]').getByRole('button', { name: 'Delete' }).click();
    // the first press asks; nothing is deleted until the person says yes
    expect(await panel.getByTestId('demonstration').count()).toBe(2);
    await panel.locator('[data-demonstration-id="demo-b"]').getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => panel.getByTestId('demonstration').count()).toBe(1);
    const keys = await panel.evaluate(async () => {
      const open = indexedDB.open('copilot');
      const dbh: IDBDatabase = await new Promise((res, rej) => ((open.onsuccess = () => res(open.result)), (open.onerror = () => rej(open.error))));
      const req = dbh.transaction('memoryKeys').objectStore('memoryKeys').getAllKeys();
      const all = await new Promise<IDBValidKey[]>((res) => (req.onsuccess = () => res(req.result)));
      dbh.close();
      return all;
    });
    expect(keys).toEqual(['demo-a']);
    const list = (await panelSend(panel, 'memory.list', {})) as { ok: true; result: { demonstrations: { id: string }[] } };
    expect(list.result.demonstrations.map((d) => d.id)).toEqual(['demo-a']);
  });
});
