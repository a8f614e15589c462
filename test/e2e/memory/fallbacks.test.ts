import { describe, expect, it } from 'vitest';
import { createScenario } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import { isPlanner } from '../../support/model-reading';
import { plan } from '../../support/scripted-web-model';
import type { RecordedRequest } from '../../support/llm-server';
import { EXPORT_FORMAT, EXPORT_VERSION } from '../../../src/memory/file';

/**
 * The memory without its helpers: the labelling call fails and the extension bundles no
 * embedding model (dist/ as built). The demonstration is kept, says its labels failed, and is
 * still retrieved, by words, with the timeline saying so.
 */

const { arena, s } = useArenaSession();

const isLabelCall = (r: RecordedRequest) => /You label a recorded demonstration/.test(r.system);

describe('memory with a failing label call and no embedding model', () => {
  it('keeps the demonstration unlabelled and retrieves it by words', { timeout: 60_000 }, async () => {
    const first = await createScenario(arena.url, 'checkboxes', 1);
    const host = new URL(first.startUrl).host;
    const demo = {
      format: 'copilot-demonstration',
      version: 1,
      id: 'demo-toppings',
      task: first.text,
      site: host,
      startUrl: first.startUrl,
      title: 'Build your pizza',
      headings: [],
      createdAt: Date.now(),
      steps: [
        { at: 1, url: first.startUrl, title: 'Pizza', page: '# Toppings\n<input id=4 type=checkbox label="Basil">\n<button id=9>Add to order</button>', action: { kind: 'check', id: 4, checked: true } },
        { at: 2, url: first.startUrl, title: 'Pizza', page: '# Toppings\n<input id=4 type=checkbox label="Basil" checked>\n<button id=9>Add to order</button>', action: { kind: 'click', id: 9 } },
      ],
    };
    s.llm.script({ name: 'label', match: isLabelCall, answer: { error: { status: 500, message: 'labeller down' } } });
    const panel = await s.ext.openPanel();
    const file = JSON.stringify({ format: EXPORT_FORMAT, version: EXPORT_VERSION, exportedAt: 1, demonstrations: [demo] });
    expect(await panelSend(panel, 'memory.import', { text: file })).toMatchObject({ ok: true, result: { ok: true, imported: 1 } });
    await expect
      .poll(async () => ((await panelSend(panel, 'memory.list', {})) as { result: { demonstrations: { id: string; labelState: string; embeddingModel: string }[] } }).result.demonstrations, { timeout: 20_000 })
      .toEqual([expect.objectContaining({ id: 'demo-toppings', labelState: 'failed', embeddingModel: '' })]);
    // one attempt, not retried on every wake-up (the session sets maxRetries 0)
    expect(s.llm.requests.filter(isLabelCall)).toHaveLength(1);
    await panel.close();

    // A new pizza on the same site: the planner is told about the demonstration; the run ends at once.
    const next = await createScenario(arena.url, 'checkboxes', 2);
    s.llm.clear();
    s.llm.script({ name: 'planner', match: isPlanner, answer: plan('Nothing to do in this test.', []) });
    await s.page.goto(next.startUrl);
    // the task puts the content script into the page
    await s.ask(next.text);
    await s.waitForEnd();
    const card = s.panel.getByTestId('examples');
    await expect.poll(() => card.textContent()).toContain(first.text);
    expect(await card.textContent()).toMatch(/same site; words: .*topping.*; no embedding model, words only/);
    // labels failed, so the planner's example calls are derived from the recorded steps
    const planner = s.llm.requests.find(isPlanner)!;
    expect(`${planner.system}\n${planner.lastUser}`).toMatch(/CHECK "Basil"[\s\S]*CLICK "Add to order"/);
  });

  it('asks before any model download: the opt-in is off until the person ticks it in Settings', async () => {
    const panel = await s.ext.openPanel();
    const allowed = async () => ((await panelSend(panel, 'settings.get', {})) as { result: { allowModelDownload: boolean } }).result.allowModelDownload;
    expect(await allowed()).toBe(false);
    await panel.getByRole('tab', { name: 'Settings' }).click();
    const box = panel.locator('input[name="allow-model-download"]');
    await expect.poll(() => box.isEnabled()).toBe(true);
    await box.check();
    await expect.poll(allowed).toBe(true);
    await box.uncheck();
    await expect.poll(allowed).toBe(false);
    await panel.close();
  });
});
