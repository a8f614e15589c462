import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useExtension } from '../../support/fixtures';
import { evaluateInContentScript } from '../../support/panel';
import { chooseOption } from '../../support/person';
import { createScenario, score } from '../../../arena/client.mjs';
import type { RecorderTimings } from '../../../src/content/recorder/timings';
import { recordingData, waitForSteps } from './helpers';

// Recording must leave the page alone: same events, same handlers, no lag worth noticing. Also
// covers what the airline test does not reach: open shadow roots and same-origin iframes.
let page: Page;
let panel: Page;
const measured: RecorderTimings = { events: [], syncRefreshes: [], idleRefreshes: [] };

/** A long page whose buttons each add a line (below them, so they stay put), leaving the cached page model stale. */
function bigPage(): string {
  const rows = Array.from({ length: 1000 }, (_, i) => `<tr><td>Order ${i}</td><td>$${i * 3}</td><td><a href="#o${i}">Open</a></td></tr>`).join('');
  const buttons = Array.from({ length: 200 }, (_, i) => `<button type="button" data-n="${i}">Add ${i}</button>`).join(' ');
  return `<!doctype html><title>Big</title><h1>Orders</h1><p>${buttons}</p><div id="log"></div><table>${rows}</table>
<script>document.addEventListener('click', (e) => { const n = e.target.dataset && e.target.dataset.n; if (n) document.getElementById('log').append(Object.assign(document.createElement('p'), { textContent: 'added ' + n })); });</script>`;
}

// Elements that exercise each way a fingerprint names an element.
const FINGERPRINT_PAGE = `<!doctype html><title>Fingerprints</title>
<h2>Shipping</h2>
<div class="toolbar"><button data-testid="save-btn">Save</button><button id="btn-83749201">Generated</button><button id="apply">Apply</button></div>
<ul><li><span>One</span> <button>Remove</button></li><li><span>Two</span> <button>Remove</button></li><li><span>Three</span> <button>Remove</button></li></ul>
<fieldset><legend>Billing</legend><label>City <input name="city"></label></fieldset>
<a href="/fingerprints#top">Back to top</a>`;

const { ext, arena, site: pages } = useExtension({ arena: true, pages: { '/big': bigPage(), '/fingerprints': FINGERPRINT_PAGE } });

beforeAll(async () => {
  page = await ext.context.newPage();
  page.setDefaultTimeout(10_000);
});

afterAll(async () => {
  const stats = (xs: number[]) => {
    const s = [...xs].sort((a, b) => a - b);
    const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] ?? 0;
    return `n=${s.length} median=${at(0.5)} p95=${at(0.95)} max=${s.at(-1) ?? 0} ms`;
  };
  console.log(`recorder overhead: events ${stats(measured.events)}; sync page models ${stats(measured.syncRefreshes)}; idle page models ${stats(measured.idleRefreshes)}`);
});

async function goto(url: string) {
  await page.goto(url);
  // no wait for the content script: the Record that follows puts it into the page
  if (!panel || panel.isClosed()) panel = await ext.openPanel({ tabId: await ext.tabIdOf(page) });
}

async function startRecording() {
  await panel.bringToFront();
  await panel.getByTestId('record').click();
  await panel.getByTestId('recording').waitFor();
  await page.bringToFront();
}

async function discard() {
  await panel.bringToFront();
  await panel.getByTestId('record-discard').click();
  await panel.getByTestId('record').waitFor();
}

/** Adds this page load's recorder timings to the file's totals. */
async function collectTimings() {
  const t = (await evaluateInContentScript(page, ext.extensionId, 'globalThis.copilotRecorderTimings')) as RecorderTimings;
  measured.events.push(...t.events);
  measured.syncRefreshes.push(...t.syncRefreshes);
  measured.idleRefreshes.push(...t.idleRefreshes);
  return t;
}

describe('recording leaves the page alone', () => {
  it('a trusted-only button still gets exactly one trusted, unprevented click', async () => {
    const s = await createScenario(arena.url, 'trusted-click', 1, 0);
    const label = /Press the "(.+)" button/.exec(s.text)![1]!;
    await goto(s.startUrl);
    await startRecording();
    await page.evaluate(() => {
      const seen = { button: 0, trusted: 0, prevented: 0, keys: 0 };
      (window as unknown as { seen: typeof seen }).seen = seen;
      document.querySelector('button.primary')!.addEventListener('click', (e) => {
        seen.button++;
        if (e.isTrusted) seen.trusted++;
      });
      // bubble phase on window: runs after every other listener, so it sees what they did
      for (const type of ['pointerdown', 'mousedown', 'click', 'keydown']) {
        window.addEventListener(type, (e) => {
          if (e.defaultPrevented) seen.prevented++;
          if (type === 'keydown') seen.keys++;
        });
      }
    });
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/report')), page.getByRole('button', { name: label }).click()]);
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => (window as unknown as { seen: unknown }).seen)).toEqual({ button: 1, trusted: 1, prevented: 0, keys: 1 });
    expect(await page.getByRole('status').textContent()).toBe('Thank you, confirmed.');
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    const listed = await waitForSteps(panel, 2);
    expect(listed[0]).toMatch(new RegExp(`^Click “${label}”`));
    expect(listed[1]).toMatch(/^Press Escape/);
    await collectTimings();
    await discard();
  });

  it('records fields inside an open shadow root, the form still submits', async () => {
    const s = await createScenario(arena.url, 'shadow-form', 1, 0);
    const m = /as (.+) \((.+)\) with (\w+) emails/.exec(s.text)!;
    const [name, email, frequency] = [m[1]!, m[2]!, m[3]![0]!.toUpperCase() + m[3]!.slice(1)];
    await goto(s.startUrl);
    await startRecording();
    await page.getByLabel('Full name').fill(name);
    await page.getByLabel('Email').click();
    await page.keyboard.type(email);
    await chooseOption(page.getByLabel('How often?'), frequency);
    await waitForSteps(panel, 3);
    const t = await collectTimings();
    expect(t.events.length).toBeGreaterThan(5);
    await Promise.all([page.waitForURL(/submit|thanks|done/i).catch(() => {}), page.getByRole('button', { name: 'Subscribe' }).click()]);
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    const data = (await recordingData(panel))!;
    const [typedName, typedEmail, chose, submit] = data.steps;
    expect(typedName).toMatchObject({ action: { kind: 'type', value: name }, target: { label: 'Full name', shadow: ['newsletter-signup'], xpath: '' } });
    expect(typedEmail).toMatchObject({ action: { kind: 'type', value: email }, target: { inputType: 'email' } });
    // change does not leave a shadow root: this step proves the recorder listens inside it
    expect(chose).toMatchObject({ action: { kind: 'select', values: [frequency] }, target: { role: 'combobox', label: 'How often?' } });
    expect(submit).toMatchObject({ action: { kind: 'click' }, target: { role: 'button', name: 'Subscribe', shadow: ['newsletter-signup'] } });
    for (const x of [typedName, typedEmail, chose, submit]) expect(x!.page).toContain(` id=${(x!.action as { id: number }).id} `.trimEnd());
    await discard();
  });

  it('records fields inside a same-origin iframe, the form still submits', async () => {
    const s = await createScenario(arena.url, 'iframe-form', 1, 0);
    const m = /as (.+), topic "(.+)", with the message "(.+)"/.exec(s.text)!;
    const [name, topic, message] = [m[1]!, m[2]!, m[3]!];
    await goto(s.startUrl);
    const frame = page.frameLocator('iframe');
    await frame.getByLabel('Your name').waitFor();
    await startRecording();
    await frame.getByLabel('Your name').fill(name);
    await chooseOption(frame.getByLabel('Topic'), topic);
    await frame.getByLabel('Message').click();
    await page.keyboard.type(message);
    await frame.getByRole('button', { name: 'Send request' }).click();
    await frame.getByText('Your request was sent').waitFor();
    expect(await score(arena.url, s.id)).toMatchObject({ success: 1 });
    await waitForSteps(panel, 4);
    const data = (await recordingData(panel))!;
    const kinds = data.steps.map((x) => x.action.kind);
    expect(kinds.slice(0, 4)).toEqual(['type', 'select', 'type', 'click']);
    expect(data.steps[0]).toMatchObject({ action: { value: name }, target: { frames: ['iframe[title="Support request form"]'], label: 'Your name', xpath: expect.stringMatching(/^\/html\[1\]/) } });
    expect(data.steps[1]).toMatchObject({ action: { values: [topic] } });
    expect(data.steps[2]).toMatchObject({ action: { value: message }, target: { tag: 'textarea' } });
    expect(data.steps[3]!.target?.frames).toEqual(['iframe[title="Support request form"]']);
    await collectTimings();
    await discard();
  });

  it('keeps its work per event small on a long page that changes under every click', async () => {
    await goto(`${pages.url}/big`);
    await startRecording();
    // at a person's pace the page model is refreshed while the page is idle, between clicks
    for (const n of [0, 7, 14]) await page.getByRole('button', { name: `Add ${n}`, exact: true }).click();
    await waitForSteps(panel, 3);
    const paced = await collectTimings();
    // two clicks 1 ms apart: the second finds the page model stale and takes it inside the event
    const [a, b] = await Promise.all([21, 28].map((n) => page.getByRole('button', { name: `Add ${n}`, exact: true }).boundingBox()));
    await page.mouse.click(a!.x + 5, a!.y + 5);
    await page.mouse.click(b!.x + 5, b!.y + 5);
    await waitForSteps(panel, 5);
    expect(await page.locator('#log p').count()).toBe(5);
    const data = (await recordingData(panel))!;
    expect(data.steps.map((x) => x.target?.name)).toEqual(['Add 0', 'Add 7', 'Add 14', 'Add 21', 'Add 28']);
    // each click's page shows what the click before it added, even 1 ms later
    expect(data.steps[1]!.page).toContain('added 0');
    expect(data.steps[4]!.page).toContain('added 21');
    const t = (await evaluateInContentScript(page, ext.extensionId, 'globalThis.copilotRecorderTimings')) as RecorderTimings;
    const rushed = t.events.slice(paced.events.length);
    measured.events.push(...rushed);
    measured.syncRefreshes.push(...t.syncRefreshes.slice(paced.syncRefreshes.length));
    console.log(`long page (${data.steps[0]!.page.length} chars of page model): paced clicks, ms per event ${JSON.stringify(paced.events)}; rushed clicks ${JSON.stringify(rushed)}; page models taken inside an event ${JSON.stringify(t.syncRefreshes.slice(1))}, when idle ${JSON.stringify(t.idleRefreshes)}`);
    await discard();
  });

  it('fingerprints every element so that its CSS path and XPath find exactly it again', async () => {
    await goto(`${pages.url}/fingerprints`);
    await startRecording();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('button', { name: 'Generated' }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByRole('listitem').filter({ hasText: 'Two' }).getByRole('button', { name: 'Remove' }).click();
    await page.getByLabel('City').fill('Lyon');
    await page.getByRole('link', { name: 'Back to top' }).click();
    await waitForSteps(panel, 7);
    const steps = (await recordingData(panel))!.steps;
    const [save, generated, apply, remove, city, link, hash] = steps;
    expect(save!.target).toMatchObject({ testId: 'data-testid=save-btn', css: 'button[data-testid="save-btn"]', name: 'Save', context: 'Shipping' });
    expect(generated!.target!.domId).toBeUndefined();
    expect(generated!.target!.css).not.toContain('83749201');
    expect(apply!.target).toMatchObject({ domId: 'apply', css: '#apply' });
    expect(remove!.target).toMatchObject({ role: 'button', name: 'Remove', css: 'html > body > ul > li:nth-of-type(2) > button' });
    expect(city!.target).toMatchObject({ nameAttr: 'city', label: 'City', css: 'input[name="city"]', context: 'Billing' });
    expect(city!.action).toMatchObject({ kind: 'type', value: 'Lyon' });
    expect(link!.target).toMatchObject({ role: 'link', href: '/fingerprints#top', text: 'Back to top' });
    // an address change without a page load (here a fragment) is a navigation too
    expect(hash!.action).toEqual({ kind: 'navigate', url: `${pages.url}/fingerprints#top` });
    for (const x of [save, generated, apply, remove, city, link]) {
      const fp = x!.target!;
      const found = await page.evaluate(([css, xpath]) => {
        const byCss = Array.from(document.querySelectorAll(css));
        const r = document.evaluate(xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
        return { css: byCss.length, same: byCss[0] === r.snapshotItem(0), xpath: r.snapshotLength, text: (byCss[0] as HTMLElement).innerText || (byCss[0] as HTMLInputElement).name };
      }, [fp.css, fp.xpath] as const);
      expect(found, fp.css).toEqual({ css: 1, same: true, xpath: 1, text: fp.text ?? fp.nameAttr });
    }
    await discard();
  });

  it('spends little time inside the page\'s events', () => {
    const sorted = [...measured.events].sort((a, b) => a - b);
    const p95 = sorted[Math.floor(0.95 * sorted.length)]!;
    expect(sorted.length).toBeGreaterThan(20);
    // a frame at 60 Hz is 16 ms; the recorder's share of an event stays well inside it
    expect(p95).toBeLessThan(16);
  });
});
