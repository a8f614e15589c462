import { describe, expect, it } from 'vitest';
import type { ActionResult, BrowserAction } from '../../../src/shared/action';
import type { ExtractedTable } from '../../../src/shared/table';
import type { RunEvent } from '../../../src/shared/run-events';
import type { ReplayPage } from '../../../src/workflows/replay/ports';
import { runReplay } from '../../../src/workflows/replay/engine';
import { newReplayState } from '../../../src/workflows/replay/state';
import { validateWorkflow } from '../../../src/workflows/file';
import { workflowFromTable } from '../../../src/workflows/from-table';
import { nextControlId } from '../../../src/workflows/replay/extract-step';

const BASE = 'https://shop.example/catalog';
const ROWS = [
  ['Desk lamp | $24.00 | 4.5', 'Kettle | $31.50 | 4.1'],
  ['Rice cooker | $1,089.00 | 4.4', 'Hand mixer | $19.99 | 3.6'],
  ['Air fryer | $110.00 | 4.8'],
];

/** The catalog as the page model shows it: a header line, row lines, a Next link but on the last page. */
function catalog(opts: { changed?: boolean } = {}) {
  let n = 1;
  const acted: BrowserAction[] = [];
  const text = () =>
    [
      `# Catalog, page ${n}`,
      opts.changed ? 'Product | Rating' : 'Product | Price | Rating',
      ...ROWS[n - 1]!.map((r) => (opts.changed ? r.replace(/ \| \$[\d,.]+/, '') : r)),
      '<a id=7>Help</a>',
      ...(n < 3 ? ['<a id=30>Next</a>'] : []),
    ].join('\n');
  const url = () => (n === 1 ? BASE : `${BASE}?page=${n}`);
  const page: ReplayPage = {
    url: async () => url(),
    resolve: async () => ({ ok: false, reason: 'not_found', message: 'none' }),
    async act(a): Promise<ActionResult> {
      acted.push(a);
      if (a.kind === 'click' && a.id === 30) n += 1;
      return { ok: true, change: { kind: 'navigation', url: url(), added: 0, removed: 0, summary: '' }, elapsedMs: 1 };
    },
    snapshot: async () => ({ url: url(), title: 'Catalog', text: text(), tokens: 10, elementCount: 2, truncated: false, seq: n, takenAt: 0 }),
    describe: async (id) => (id === 30 ? { id, tag: 'a', role: 'link', name: 'Next', href: `${BASE}?page=${n + 1}`, secret: false, line: '<a id=30>Next</a>' } : null),
    fieldState: async () => null,
    fingerprint: async () => null,
  };
  return { page, acted };
}

const TABLE: ExtractedTable = {
  title: 'products',
  columns: [{ name: 'name', type: 'text' }, { name: 'price', type: 'number' }],
  rows: [['Desk lamp', 24], ['Kettle', 31.5]],
  url: BASE,
  pages: 3,
  unfilled: [],
  refused: [],
  recipe: { cellCount: 3, cells: [0, 1], header: 'Product | Price | Rating', next: 'Next' },
};

async function replay(page: ReplayPage) {
  const wf = workflowFromTable(TABLE, { id: 'wf-t', now: 0 })!;
  const events: RunEvent[] = [];
  let t = 0;
  const state = await runReplay(newReplayState({ replayId: 'r', workflowId: wf.id, name: wf.name, tabId: 1, chatId: 'c', values: {}, secretNames: [], now: 0 }), wf, {
    page,
    saveWorkflow: async () => {},
    saveState: async () => {},
    secrets: () => ({}),
    control: () => 'run',
    emit: (e) => void events.push(e),
    now: () => t,
    sleep: async (ms) => void (t += ms),
  });
  return { state, events };
}

describe('a workflow that ends with an extraction', () => {
  it('is a valid workflow file made from a table with a recipe', () => {
    const wf = workflowFromTable(TABLE, { id: 'wf-t', now: 0 });
    expect(validateWorkflow(JSON.parse(JSON.stringify(wf)))).toMatchObject({ ok: true });
    expect(workflowFromTable({ ...TABLE, recipe: undefined }, { id: 'x', now: 0 })).toBeNull();
  });

  it('replays into the same table over every page with no model (the replay has none to call)', async () => {
    const { page, acted } = catalog();
    const { state, events } = await replay(page);
    expect(state.status).toBe('done');
    expect(state.modelCalls).toBe(0);
    expect(acted.filter((a) => a.kind === 'click')).toHaveLength(2);
    const table = (events.find((e) => e.type === 'table') as { table: ExtractedTable }).table;
    expect(table.rows).toEqual([['Desk lamp', 24], ['Kettle', 31.5], ['Rice cooker', 1089], ['Hand mixer', 19.99], ['Air fryer', 110]]);
    expect(table).toMatchObject({ pages: 3, unfilled: [] });
  });

  it('stops and asks when the page no longer has rows of the recorded shape', async () => {
    const { page } = catalog({ changed: true });
    const { state, events } = await replay(page);
    expect(state.status).toBe('waiting');
    expect(state.message).toContain('Page 1 has no rows of the recorded table (name, price)');
    expect(events.some((e) => e.type === 'table')).toBe(false);
  });

  it('finds the next-page control by its words, not a look-alike', () => {
    expect(nextControlId('<a id=3>Next steps</a>\n<button id=9>Next</button>', 'Next')).toBe(9);
    expect(nextControlId('<button id=9 disabled>Next</button>', 'Next')).toBeUndefined();
  });
});
