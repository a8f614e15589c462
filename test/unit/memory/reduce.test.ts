import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reduceDemonstration, scrubLine } from '../../../src/memory/reduce';
import { buildDemonstration } from '../../../src/background/recording/build-demo';
import { labelRequest } from '../../../src/memory/label';
import { toExemplar } from '../../../src/memory/to-exemplar';
import { exportFile, parseExportFile } from '../../../src/memory/file';
import { memoryHandlers } from '../../../src/background/memory/handlers';
import { saveDemonstration } from '../../../src/background/memory/save-demonstration';
import { addImported, getDemonstrations } from '../../../src/background/memory/store';
import { db } from '../../../src/storage/db';
import { startLlmServer, type LlmServer } from '../../support/llm-server';
import { BALANCE, EMAIL, PRIVATE, TYPED, bankDemo, bankRecording, count } from './bank-fixture';
import { flightDemo } from './demo-fixture';

function expectNothingPrivate(text: string) {
  for (const p of PRIVATE) expect(text, `"${p}" was kept`).not.toContain(p);
  // the typed value is in its own step's action, never in a page line
  expect(count(text, TYPED), 'the typed value outside its action').toBe(1);
}

describe('what a demonstration keeps of its pages', () => {
  const reduced = reduceDemonstration(bankDemo());

  it('keeps no balance, e-mail, account number, typed value or far-away text, in pages, titles or headings', () => {
    expectNothingPrivate(JSON.stringify(reduced));
    expect(reduced.title).toBe('MyBank – (email)');
    expect(reduced.headings).toEqual(['Accounts', 'Balance (amount)']);
  });

  it('keeps the lines of the elements acted on, with their own words, and the heading above them', () => {
    const page = reduced.steps[2]!.page;
    expect(page).toContain('<button id=23>Pay $420</button>');
    expect(page).toContain('## Pay a bill');
    // the field typed into, on the page before typing; on the next page, its value is masked
    expect(reduced.steps[1]!.page).toContain('<input id=21 label="Reference">');
    expect(page).toContain('Reference preview: (typed)');
    expect(page).toContain('Notice sent to (email)');
    expect(page).toContain('<input id=22 label="Last payee" value=(filled)>');
    // a window of lines, not the page
    expect(page.split('\n').length).toBeLessThanOrEqual(12);
    expect(bankDemo().steps[2]!.page.split('\n').length).toBeGreaterThan(40);
  });

  it('changes nothing when reduced again, and still makes the same exemplar', () => {
    expect(reduceDemonstration(reduced)).toEqual(reduced);
    const before = toExemplar(bankDemo(), { score: 1, why: '' });
    const after = toExemplar(reduced, { score: 1, why: '' });
    expect(after.planner).toEqual(before.planner);
    expect(after.trajectory.map((s) => s.actions)).toEqual(before.trajectory.map((s) => s.actions));
    // the flight fixture's pages are small: its exemplar at every radius is what it was
    const flight = flightDemo();
    expect(toExemplar(reduceDemonstration(flight), { score: 1, why: '' })).toEqual(toExemplar(flight, { score: 1, why: '' }));
  });

  it('masks typed text in any case, as a whole word, and numbers, but not on the line of an element acted on', () => {
    const demo = bankDemo();
    demo.steps[2]!.page = demo.steps[2]!.page
      .replace('Notice sent to', 'RENT FOR MARCH FLAT 4B; rent for march flat 4Bis; sent to')
      .replace('<a id=24>Help</a>', '<a id=24>Help for ref 12345678</a>')
      .replace('<button id=23>Pay $420</button>', '<button id=23>Pay $420: rent for March flat 4B, ref 12345678</button>');
    const page = reduceDemonstration(demo).steps[2]!.page;
    expect(page).toContain('(typed); rent for march flat 4Bis; sent to (email)');
    expect(page).toContain('<button id=23>Pay $420: rent for March flat 4B, ref 12345678</button>');
    expect(page).toContain('<a id=24>Help for ref (number)</a>');
  });

  it('masks numbers that look like money or accounts, not ids, dates or small counts', () => {
    const typed = undefined;
    expect(scrubLine('<a id=123456>Statement 2027-07-12, 3 items, flight SW 1234</a>', typed)).toBe('<a id=123456>Statement 2027-07-12, 3 items, flight SW 1234</a>');
    expect(scrubLine('Call +1 555-123-4567 or pay 1.234,56 € to NL91ABNA0417164300', typed)).toBe('Call (number) or pay (amount) to (number)');
    expect(scrubLine('Total: 99.90 EUR, card •••• 4242', typed)).toBe('Total: (amount), card •••• 4242');
  });

  it('stays fast on hostile text: long runs of digits, dots and word characters', () => {
    const hostile = ['x@' + 'a.'.repeat(50_000), 'a'.repeat(100_000) + '@', '1.1.1.1.'.repeat(20_000), '1,234'.repeat(20_000), '$1,'.repeat(30_000)];
    const demo = bankDemo();
    demo.steps[2]!.page = [...hostile, '<button id=23>Pay $420</button>', ...hostile].join('\n');
    demo.title = hostile[0]!;
    const started = performance.now();
    const out = reduceDemonstration(demo);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(out.steps[2]!.page).toContain('<button id=23>Pay $420</button>');
    expect(Math.max(...out.steps[2]!.page.split('\n').map((l) => l.length))).toBeLessThanOrEqual(2000);
  });

  it('is what a finished recording becomes, before anything stores it', () => {
    const built = buildDemonstration(bankRecording(), { id: 'demo-built', task: 'Pay the rent', description: '', now: 5 });
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expectNothingPrivate(JSON.stringify(built.demo));
    expect(built.demo.steps.map((s) => s.action)).toEqual(bankDemo().steps.map((s) => s.action));
  });

  it('sends only the reduced lines in the label request', () => {
    const request = JSON.stringify(labelRequest(reduced, ['FILL_TEXT "field" "text"', 'CLICK "name"']));
    expectNothingPrivate(request);
    expect(request).toContain('<button id=23>Pay $420</button>');
  });
});

describe('stored, imported and exported demonstrations', () => {
  let llm: LlmServer;
  beforeAll(async () => {
    llm = await startLlmServer();
    llm.script({ answer: { text: '1-3: FILL_TEXT "Amount" "420"' } });
    // the service worker's settings, as chrome.storage.local holds them: a model is configured
    const settings = { provider: 'openai-compatible', baseUrls: { anthropic: '', openai: '', 'openai-compatible': llm.openaiBaseUrl }, models: { planner: 'scripted', policy: 'scripted', reflection: 'scripted' } };
    (globalThis as { chrome?: unknown }).chrome = { storage: { local: { get: async () => ({ settings }), setAccessLevel: async () => {} } }, runtime: {} };
  });
  afterAll(async () => {
    delete (globalThis as { chrome?: unknown }).chrome;
    await llm?.close();
  });

  it('saving a whole-page demonstration stores and labels only the reduced one', async () => {
    await saveDemonstration(bankDemo({ id: 'saved-whole' }));
    const stored = await db().demonstrations.get('saved-whole');
    expectNothingPrivate(JSON.stringify(stored));
    await expect.poll(() => llm.requests.length, { timeout: 10_000 }).toBe(1);
    const sent = JSON.stringify(llm.requests[0]!.body);
    expectNothingPrivate(sent);
    expect(sent).toContain('Pay $420');
  });

  it('an imported file with whole pages is stored reduced, and the export carries no more', async () => {
    const file = JSON.stringify(exportFile([bankDemo({ id: 'imported-whole' })], 1));
    const parsed = parseExportFile(file);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    await addImported(parsed.file.demonstrations);
    expectNothingPrivate(JSON.stringify((await getDemonstrations(['imported-whole']))[0]));

    const exported = await memoryHandlers()['memory.export']!({ ids: ['imported-whole'] }, {} as never);
    expect(exported).toMatchObject({ ok: true, contents: { demonstrations: 1, sites: ['www.mybank.example'], steps: 4, typedValues: 2 } });
    expectNothingPrivate((exported as { text: string }).text);
    expect((exported as { text: string }).text).not.toContain(BALANCE);
    expect((exported as { text: string }).text).not.toContain(EMAIL);
  });
});
