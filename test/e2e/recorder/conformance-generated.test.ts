/**
 * Flows the @puppeteer/replay suite does not cover (test/fixtures/recorder-flows, each with the
 * result it must leave), and what an imported flow must never do: act where its selectors
 * contradict each other, keep a password, or touch stored workflows when a file is refused.
 * Everything goes through the Workflows tab: file input, review, Save, Run.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FOLDERS, useRecorderHarness, storedWorkflows } from './harness';
import { panelSend } from '../../support/panel';

const h = useRecorderHarness();
const NAMES = readdirSync(FOLDERS.flows).filter((f) => f.endsWith('.flow.json')).map((f) => f.replace('.flow.json', ''));
const read = (name: string) => readFileSync(join(FOLDERS.flows, name), 'utf8');

describe('generated Recorder flows', () => {
  it.each(NAMES)('%s replays to its expected result', async (name) => {
    const flow = JSON.parse(read(`${name}.flow.json`).replaceAll('{{origin}}', `${h.base}/flows`)) as { title: string; steps: unknown[] };
    // `allow`: the questions the flow raises (a "Book" pays, a Pay button has the focus); none for a "Finish" that sends nothing
    const want = JSON.parse(read(`${name}.expect.json`)) as { selector: string; text?: string; value?: string; allow?: string[] };
    await h.open('/replay/empty.html');
    await h.importFlow(flow);
    const r = await h.run(flow.title, {}, ['other', 'form', ...(want.allow ?? [])]);
    expect(r.status, r.text).toBe('done');
    // exactly those: a button that sends nothing ("Finish", "OK") is not asked about for its word
    expect([...r.asked].sort()).toEqual([...(want.allow ?? [])].sort());
    const got = await h.page.evaluate((sel) => {
      const el = document.querySelector(sel) as HTMLInputElement | null;
      return { text: el?.textContent?.trim(), value: el?.value };
    }, want.selector);
    if (want.text !== undefined) expect(got.text).toBe(want.text);
    if (want.value !== undefined) expect(got.value).toBe(want.value);
  });
});

describe('imported steps as evidence', () => {
  it('refuses to act when the selectors of a step point at different elements, and learns a full fingerprint after a good run', async () => {
    const nav = { type: 'navigate', url: `${h.base}/replay/main.html` };
    await h.open('/replay/empty.html');
    // Chrome's runner would click #test; the aria/ selector singles out another button
    await h.importFlow({ title: 'contradicting', steps: [nav, { type: 'click', selectors: [['#test'], ['aria/Form Button[role="button"]']], offsetX: 1, offsetY: 1 }] });
    const bad = await h.run('contradicting');
    expect(bad.status).toBe('waiting');
    expect(bad.text).toContain('point at different elements');
    expect(await h.page.evaluate(() => (window as unknown as { buttonClicks: number[] }).buttonClicks)).toEqual([]);

    await h.importFlow({ title: 'agreeing', steps: [nav, { type: 'hover', selectors: [['aria/Not hovered[role="button"]'], ['#hover-button'], ['xpath///*[@id="hover-button"]']] }] });
    expect((await h.run('agreeing')).status).toBe('done');
    const list = (await storedWorkflows(h.panel)) as { result: { id: string; name: string }[] };
    const id = list.result.find((w) => w.name === 'agreeing')!.id;
    const wf = (await panelSend(h.panel, 'workflows.get', { id })) as { result: { steps: { target?: { domId?: string; role: string; css: string }; recorder?: { learned: boolean } }[] } };
    expect(wf.result.steps[1]!.recorder?.learned).toBe(true);
    expect(wf.result.steps[1]!.target).toMatchObject({ domId: 'hover-button', role: 'button' });
  });

  it('asks at Run for a password the file typed, and never stores the file\'s literal', async () => {
    await h.open('/replay/empty.html');
    const { review } = await h.importFlow({
      title: 'password',
      steps: [{ type: 'navigate', url: `${h.base}/replay/input.html` }, { type: 'change', value: 'Tulip-1234', selectors: [['#password'], ['input[type="password"]']] }],
    });
    expect(review).toContain('asked at Run, never stored');
    const all = JSON.stringify(await panelSend(h.panel, 'workflows.list', {}));
    expect(all).not.toContain('Tulip-1234');
    const r = await h.run('password', { Password: 'Other-999' });
    expect(r.status, r.text).toBe('done');
    expect(await h.page.evaluate(() => (document.querySelector('#password') as HTMLInputElement).value)).toBe('Other-999');
  });

  it('offers the file\'s password for the first run only when the person ticks it', async () => {
    await h.open('/replay/empty.html');
    const flow = { title: 'password offered', steps: [{ type: 'navigate', url: `${h.base}/replay/input.html` }, { type: 'change', value: 'Tulip-1234', selectors: [['#password']] }] };
    await h.panel.locator('input[type=file]').setInputFiles({ name: 'p.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(flow)) });
    const review = h.panel.getByTestId('import-review');
    await review.getByRole('checkbox', { name: /first run only/ }).check();
    await review.getByRole('button', { name: 'Save workflow' }).click();
    await expect.poll(() => h.panel.getByTestId('workflows-message').textContent()).toContain('Imported “password offered”');
    expect(JSON.stringify(await panelSend(h.panel, 'workflows.list', {}))).not.toContain('Tulip-1234');
    expect((await h.run('password offered')).status).toBe('done');
    expect(await h.page.evaluate(() => (document.querySelector('#password') as HTMLInputElement).value)).toBe('Tulip-1234');
    // only once: the next Run form asks again
    const item = h.panel.getByTestId('workflow').filter({ hasText: 'password offered' }).first();
    await item.getByRole('button', { name: 'Run' }).click();
    expect(await item.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await item.getByRole('button', { name: 'Cancel' }).click();
  });

  it('types a value into a password field the selectors did not reveal as a secret, goes on, and asks for it at the next Run', async () => {
    await h.open('/replay/empty.html');
    await h.importFlow({ title: 'hidden password', steps: [{ type: 'navigate', url: `${h.base}/replay/input.html` }, { type: 'change', value: 'Tulip-1234', selectors: [['body > input:nth-of-type(12)']] }] });
    const first = await h.run('hidden password');
    expect(first.status, first.text).toBe('done');
    expect(await h.page.evaluate(() => (document.querySelector('#password') as HTMLInputElement).value)).toBe('Tulip-1234');
    const list = (await storedWorkflows(h.panel)) as { result: { id: string; name: string; variables: { secret: boolean }[] }[] };
    const w = list.result.find((x) => x.name === 'hidden password')!;
    expect(w.variables[0]!.secret).toBe(true);
    expect(JSON.stringify(await panelSend(h.panel, 'workflows.get', { id: w.id }))).not.toContain('Tulip-1234');
    expect((await h.run('hidden password', { value: 'Other-777' })).status).toBe('done');
    expect(await h.page.evaluate(() => (document.querySelector('#password') as HTMLInputElement).value)).toBe('Other-777');
  });

  it('asks once for the password of a password + confirm pair, and types it into both, whether the file names the fields or not', async () => {
    const fields = () => h.page.evaluate(() => ['password', 'verify', 'result'].map((id) => (document.getElementById(id) as HTMLInputElement).value ?? ''));
    const result = () => h.page.evaluate(() => document.getElementById('result')!.textContent);
    const flow = (title: string, pw: string[][], again: string[][]) => ({
      title,
      steps: [
        { type: 'navigate', url: `${h.base}/flows/signup.html` },
        { type: 'change', value: 'kenji', selectors: [['#user']] },
        { type: 'change', value: 'Tulip-1234', selectors: pw },
        { type: 'change', value: 'Tulip-1234', selectors: again },
        { type: 'click', selectors: [['#create']], offsetX: 5, offsetY: 5 },
      ],
    });
    const allow = ['other', 'form', 'account'];
    const formFields = async (title: string) => {
      const item = h.panel.getByTestId('workflow').filter({ hasText: title }).first();
      await item.getByRole('button', { name: 'Run' }).click();
      const kinds = await item.locator('input').evaluateAll((els) => els.map((e) => (e as HTMLInputElement).type));
      await item.getByRole('button', { name: 'Cancel' }).click();
      return kinds;
    };
    await h.open('/replay/empty.html');
    // "#password" says password; "#verify" gets the same secret, and the Run form asks once
    await h.importFlow(flow('named pair', [['#password']], [['#verify']]));
    expect((await formFields('named pair')).filter((t) => t === 'password')).toHaveLength(1);
    const named = await h.run('named pair', { Password: 'Other-999' }, allow);
    expect(named.status, named.text).toBe('done');
    expect(await result()).toBe('Created kenji');
    expect((await fields()).slice(0, 2)).toEqual(['Other-999', 'Other-999']);

    // nothing in the file says password: the first Run types both as the secret they are, and goes on
    await h.importFlow(flow('unnamed pair', [['body > input:nth-of-type(2)']], [['body > input:nth-of-type(3)']]));
    const first = await h.run('unnamed pair', {}, allow);
    expect(first.status, first.text).toBe('done');
    expect(await result()).toBe('Created kenji');
    const list = (await storedWorkflows(h.panel)) as { result: { id: string; name: string; variables: { label: string; secret: boolean }[] }[] };
    const w = list.result.find((x) => x.name === 'unnamed pair')!;
    expect(JSON.stringify(await panelSend(h.panel, 'workflows.get', { id: w.id }))).not.toContain('Tulip-1234');
    const secrets = w.variables.filter((v) => v.secret);
    expect(secrets).toHaveLength(1);
    expect((await formFields('unnamed pair')).filter((t) => t === 'password')).toHaveLength(1);
    const second = await h.run('unnamed pair', { [secrets[0]!.label]: 'Other-777' }, allow);
    expect(second.status, second.text).toBe('done');
    expect((await fields()).slice(0, 2)).toEqual(['Other-777', 'Other-777']);
    expect(await result()).toBe('Created kenji');
  });

  it('refuses bad files with a message naming the step, and stores nothing', async () => {
    const before = JSON.stringify(await storedWorkflows(h.panel));
    const nav = { type: 'navigate', url: `${h.base}/replay/main.html` };
    const cases: [unknown, RegExp][] = [
      [{ title: 'c', steps: [nav, { type: 'customStep', name: 'x' }] }, /Step 2 \("customStep"\)/],
      [{ title: 'u', steps: [nav, { type: 'fly' }] }, /Step 2 \("fly"\).*not a step type/],
      [{ title: 's', steps: [nav, { type: 'click', selectors: ['css2/#a'], offsetX: 1, offsetY: 1 }] }, /Step 2 \("click"\).*"css2\/#a"/],
      [{ title: 'n', steps: [nav, { type: 'navigate', url: 'http://evil.test/x' }] }, /Step 2 \("navigate"\).*leaves 127\.0\.0\.1.* for evil\.test/],
    ];
    const message = h.panel.getByTestId('workflows-message');
    for (const [file, re] of cases) {
      await h.panel.locator('input[type=file]').setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(file)) });
      await expect.poll(() => message.textContent()).toMatch(re);
      expect(await message.getAttribute('data-kind')).toBe('error');
    }
    const text = JSON.stringify(cases[0]![0]);
    await h.panel.locator('input[type=file]').setInputFiles({ name: 'cut.json', mimeType: 'application/json', buffer: Buffer.from(text.slice(0, -10)) });
    await expect.poll(() => message.textContent()).toContain('cut short');
    // Playwright passes files over 50 MB by path
    const huge = join(await mkdtemp(join(tmpdir(), 'rec-')), 'huge.json');
    await writeFile(huge, Buffer.alloc(60_000_000, 32));
    await h.panel.locator('input[type=file]').setInputFiles(huge);
    await expect.poll(() => message.textContent()).toContain('60 MB');
    expect(JSON.stringify(await storedWorkflows(h.panel))).toBe(before);
    expect(await h.panel.getByTestId('import-review').count()).toBe(0);
  });
});
