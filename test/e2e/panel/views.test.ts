import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { elementsOf, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, plan } from '../../support/scripted-web-model';
import { panelSend } from '../../support/panel';
import { seriousAxe } from '../../support/axe';
import { shootPanel } from '../../support/shots';

const SHOTS = join(process.cwd(), 'test-results', 'panel-views');
const SHOP = `<!doctype html><title>Shop</title><h1>Basket</h1>
<form action="/paid" method="post"><p>Total: $12.50 for 2 books</p><button type="submit">Pay $12.50</button></form>`;

/** A workflow file with a variable, so the list shows a workflow and its Run form has a field. */
const WORKFLOW = (url: string) =>
  JSON.stringify({
    title: 'Pay the basket',
    steps: [
      { type: 'navigate', url, assertedEvents: [{ type: 'navigation', url, title: 'Shop' }] },
      { type: 'click', target: 'main', selectors: [['aria/Pay $12.50[role="button"]'], ['text/Pay $12.50']], offsetX: 5, offsetY: 5 },
    ],
  });

mkdirSync(SHOTS, { recursive: true });
const { s, site } = useSiteSession({ '/': SHOP, '/paid': '<title>Paid</title><p>Paid.</p>' }, { panelWindow: true });

/**
 * Form fields whose border is under 3:1 against what is behind them (WCAG 1.4.11, which axe does
 * not check): a field a person cannot see is a field they cannot find.
 */
async function faintFields(panel: Page): Promise<string[]> {
  return panel.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = ([r, g, b]: number[]) => {
      const f = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
      return 0.2126 * f(r!) + 0.7152 * f(g!) + 0.0722 * f(b!);
    };
    const behind = (el: Element | null): number[] => {
      for (let e = el; e; e = e.parentElement) {
        const c = rgb(getComputedStyle(e).backgroundColor);
        if (c.length === 3 || (c.length === 4 && c[3]! > 0.5)) return c.slice(0, 3);
      }
      return [255, 255, 255];
    };
    const out: string[] = [];
    for (const el of document.querySelectorAll('input:not([type=checkbox]):not([type=radio]):not([type=file]), select, textarea')) {
      if (!(el as HTMLElement).offsetParent) continue;
      const border = lum(rgb(getComputedStyle(el).borderTopColor));
      const bg = lum(behind(el.parentElement));
      const ratio = (Math.max(border, bg) + 0.05) / (Math.min(border, bg) + 0.05);
      if (ratio < 3) out.push(`${el.getAttribute('name') ?? el.getAttribute('aria-label') ?? el.tagName} ${ratio.toFixed(2)}:1`);
    }
    return out;
  });
}

/** Axe violations of the page as it is now (moderate and worse), in both themes, with a screenshot of each. */
async function seriousViolations(panel: Page, name: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    await panel.screenshot({ path: join(SHOTS, `${name}-${colorScheme}.png`) });
    for (const f of await faintFields(panel)) found.push(`${colorScheme} faint field border: ${f}`);
    const r = await new AxeBuilder({ page: panel }).analyze();
    if (process.env.DEBUG_AXE) console.log(name, colorScheme, r.violations.map((v) => `${v.id}:${v.impact}:${v.nodes.length}`), 'incomplete:', r.incomplete.map((v) => `${v.id}:${v.nodes.length}`));
    for (const v of r.violations.filter((x) => x.impact !== 'minor')) {
      found.push(`${colorScheme} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  if (process.env.DEBUG_AXE) console.log(name, found);
  return found;
}

/** Buttons and fields that stick out of the panel, or a view wider than it: each named with its overflow. */
async function overflowing(panel: Page): Promise<string[]> {
  return panel.evaluate(() => {
    const out: string[] = [];
    const width = document.documentElement.clientWidth;
    if (document.scrollingElement!.scrollWidth > width) out.push(`the page is ${document.scrollingElement!.scrollWidth}px wide`);
    const main = document.querySelector('main')!;
    if (main.scrollWidth > main.clientWidth + 1) out.push(`the view is ${main.scrollWidth}px wide in ${main.clientWidth}px`);
    for (const el of document.querySelectorAll('button, input, select, textarea, label')) {
      const r = el.getBoundingClientRect();
      if (r.width && r.right > width + 0.5) out.push(`${el.tagName} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at ${Math.round(r.right)}px`);
    }
    return out;
  });
}

describe('the panel for every view, light and dark', () => {
  it('has no accessibility problems of moderate impact or worse, and field borders of at least 3:1: chat with a confirmation, workflows, settings', async () => {
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => plan('Pay the basket.', [{ policy: 'CLICK', target: 'Pay $12.50', value: '' }]) },
      { name: 'act', match: (r) => isPolicy(r), answer: (r) => act('Pay.', [{ kind: 'click', id: elementsOf(pageOf(r)).find((e) => /^Pay/.test(e.text))!.id }]) },
    );
    await s.page.goto(`${site.url}/`);
    await s.ask('Pay for my basket');
    const panel = s.panel;
    // short, so the timeline scrolls: its scrolling box must be reachable by keyboard
    await panel.setViewportSize({ width: 360, height: 480 });
    await panel.getByTestId('confirm').getByRole('button', { name: 'Allow once' }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(panel, 'chat-confirm')).toEqual([]);

    expect(await panel.getByTestId('timeline-scroll').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    // the run is not needed further: stopped from the header bar, so a replay can have the tab
    await panel.getByRole('button', { name: 'Stop' }).click();
    await panel.getByTestId('final').waitFor({ timeout: 15_000 });

    // recording in progress
    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor({ timeout: 10_000 });
    expect(await seriousAxe(panel), 'axe: recording').toEqual([]);
    await panel.screenshot({ path: join(SHOTS, 'recording.png') });
    await panel.getByTestId('record-discard').click();
    await panel.getByTestId('record').waitFor({ timeout: 10_000 });
    await panel.setViewportSize({ width: 360, height: 700 });
    await panelSend(panel, 'workflows.import', { text: WORKFLOW(`${site.url}/`), filename: 'pay.json' });
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await panel.getByTestId('workflow').first().waitFor();
    expect(await seriousViolations(panel, 'workflows')).toEqual([]);
    await panel.getByRole('button', { name: 'Run' }).first().click();
    expect(await seriousViolations(panel, 'workflows-run-form')).toEqual([]);

    await panel.getByRole('tab', { name: 'Settings' }).click();
    await panel.getByLabel('Provider').waitFor();
    expect(await seriousViolations(panel, 'settings')).toEqual([]);
  });

  it('fits the workflows view in 320-480 px, its Run form too, and asks before deleting a workflow', async () => {
    const panel = s.panel;
    await panelSend(panel, 'workflows.import', { text: WORKFLOW(`${site.url}/`).replace('Pay the basket', 'Pay the basket of books from the shop on the corner, every month, with the saved card'), filename: 'long.json' });
    await panel.getByRole('tab', { name: 'Workflows' }).click();
    await expect.poll(() => panel.getByTestId('workflow').count()).toBe(2);
    const first = panel.getByTestId('workflow').first();
    for (const width of [320, 400, 480]) {
      await panel.setViewportSize({ width, height: 700 });
      expect(await overflowing(panel), `list at ${width}px`).toEqual([]);
      await panel.screenshot({ path: join(SHOTS, `workflows-${width}.png`) });
    }
    // Run is the card's one big button: Run and Schedule on the first line, the rest small on one more
    await shootPanel(panel, 'workflows', {
      height: 700,
      check: async (width) => {
        const rows = await first.getByRole('button').evaluateAll((bs) => [...new Set(bs.map((b) => Math.round(b.getBoundingClientRect().top)))].length);
        expect(rows, `${width} px: rows of buttons`).toBeLessThanOrEqual(width === 320 ? 3 : 2);
        const [run, rename] = [(await first.getByRole('button', { name: 'Run' }).boundingBox())!, (await first.getByRole('button', { name: 'Rename' }).boundingBox())!];
        expect(rename.height).toBeLessThan(run.height);
      },
    });
    await panel.emulateMedia({ colorScheme: 'light' });
    await panel.setViewportSize({ width: 320, height: 700 });
    await first.getByRole('button', { name: 'Delete' }).click();
    expect(await overflowing(panel), 'delete question at 320px').toEqual([]);
    expect(await seriousAxe(panel), 'axe: the delete question').toEqual([]);
    await panel.screenshot({ path: join(SHOTS, 'workflows-delete-320.png') });
    // the first press only asks: Keep leaves it, Yes deletes it
    await first.getByRole('button', { name: 'Keep' }).click();
    expect(await panel.getByTestId('workflow').count()).toBe(2);
    const name = await first.locator('strong').textContent();
    await first.getByRole('button', { name: 'Delete' }).click();
    await first.getByRole('button', { name: 'Yes, delete' }).click();
    await expect.poll(() => panel.getByTestId('workflow').count()).toBe(1);
    expect(await panel.getByTestId('workflow').locator('strong').textContent()).not.toBe(name);

    await panel.getByTestId('workflow').getByRole('button', { name: 'Run' }).click();
    expect(await overflowing(panel), 'Run form at 320px').toEqual([]);

    // a replay that stops to ask (the Pay button posts the form): its status and question, in words
    await panel.getByRole('button', { name: 'Start replay' }).click();
    const status = panel.getByTestId('replay-status');
    await expect.poll(() => status.getAttribute('data-status').catch(() => ''), { timeout: 20_000 }).toBe('waiting');
    const question = panel.getByTestId('replay-confirm');
    await question.waitFor({ timeout: 5_000 });
    expect(await status.textContent()).not.toMatch(/<[a-z]+ id=\d|\{\{|nameAttr|role\+name/);
    expect(await seriousAxe(panel), 'axe: a replay status and its question').toEqual([]);
    for (const [width, colorScheme] of [[320, 'light'], [320, 'dark'], [400, 'light'], [400, 'dark']] as const) {
      await panel.setViewportSize({ width, height: 700 });
      await panel.emulateMedia({ colorScheme });
      expect(await overflowing(panel), `replay question at ${width}px`).toEqual([]);
      await panel.screenshot({ path: join(SHOTS, `replay-question-${width}-${colorScheme}.png`) });
    }
    await panel.emulateMedia({ colorScheme: 'light' });
    await panel.setViewportSize({ width: 320, height: 700 });
    await status.getByRole('button', { name: 'Stop' }).click();
    await expect.poll(() => status.getAttribute('data-status')).toBe('stopped');
    // the replay's lines in the chat read in words too
    await panel.getByRole('tab', { name: 'Chat' }).click();
    const steps = panel.getByTestId('replay-step');
    await expect.poll(() => steps.count()).toBeGreaterThan(0);
    for (const t of await steps.allTextContents()) expect(t).not.toMatch(/<[a-z]+ id=\d|\{\{|nameAttr|role\+name|healed by|found by (testId|domId|css|xpath)/);
    for (const colorScheme of ['light', 'dark'] as const) {
      await panel.emulateMedia({ colorScheme });
      await panel.screenshot({ path: join(SHOTS, `replay-chat-320-${colorScheme}.png`) });
    }
    await panel.emulateMedia({ colorScheme: 'light' });
    await panel.getByRole('tab', { name: 'Settings' }).click();
    await panel.getByLabel('Provider').waitFor();
    expect(await overflowing(panel), 'settings at 320px').toEqual([]);
    // the local-server presets fill the provider and its address
    await panel.getByRole('button', { name: 'LM Studio' }).click();
    expect(await panel.getByLabel('Provider').inputValue()).toBe('openai-compatible');
    expect(await panel.getByLabel(/Base URL/).inputValue()).toBe('http://localhost:1234/v1');
    await panel.getByRole('button', { name: 'Ollama' }).click();
    expect(await panel.getByLabel(/Base URL/).inputValue()).toBe('http://localhost:11434/v1');
    await panel.screenshot({ path: join(SHOTS, 'settings-320.png') });
  });

  it('tests the connection with the values on screen, before they are saved', async () => {
    s.llm.clear();
    s.llm.script({ name: 'ready', answer: { text: 'ready' } });
    const panel = s.panel;
    // saved: Anthropic. On screen: an OpenAI-compatible server with its own key and model, not saved
    await panel.getByLabel('Provider').selectOption('openai-compatible');
    await panel.getByLabel('Model that plans the task').fill('local-model');
    await panel.getByLabel(/API key/).fill('sk-local-1234');
    await panel.getByLabel(/Base URL/).fill(s.llm.openaiBaseUrl);
    await panel.getByRole('button', { name: 'Test connection' }).click();
    // the record bar keeps its own status line ("Recording discarded."): the form's is the one read
    await expect.poll(() => panel.locator('form.settings').getByRole('status').textContent({ timeout: 1_000 }).catch(() => '')).toMatch(/^It works: local-model answered/);
    expect(s.llm.requests.at(-1)?.model).toBe('local-model');
    // nothing was saved by testing
    expect(((await panelSend(panel, 'settings.get', {})) as { result: { provider: string } }).result.provider).toBe('anthropic');
  });
});
