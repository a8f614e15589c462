// The extraction bench's runs, bundled by bench/extract.mjs: the agent core in Node against the
// real arena catalog (page tools injected, the service worker's executor over a Playwright port),
// with a scripted model that reads each prompt's page. Two ways to the same table:
// - EXTRACT: the planner calls EXTRACT once; the policy reads each page into rows and names Next;
// - chat turns: no EXTRACT; the planner reads each page's rows into its answer and plans CLICK
//   "Next", and its last answer writes the whole table. The real planner is not shown its own
//   earlier answers, so this baseline is a lower bound on what reading in chat turns costs.
import type { CDPSession, Page } from 'playwright-core';
import { countTokens as strictCount } from 'gpt-tokenizer/encoding/o200k_base';
import { createAgent } from '../src/agent';
import { defaultPolicies } from '../src/agent/policies/registry';
import { tabBrowserOver } from '../src/background/executor/tab-browser';
import type { LlmClient, LlmRequest } from '../src/shared/llm';
import type { RunEvent } from '../src/shared/run-events';
import type { ExtractedTable } from '../src/shared/table';
import { isPlanner, isPolicy, pageOf, textLinesOf, type ModelInput } from '../test/support/model-reading';
import { playwrightPort } from '../test/support/playwright-port';

const countTokens = (text: string) => strictCount(text, { disallowedSpecial: new Set() });
const SCHEMA = 'name:text, price:number, rating:number, stock:number';

export interface ExtractRun {
  mode: 'extract' | 'chat';
  calls: number;
  inputTokens: number;
  outputTokens: number;
  rows: number;
  /** every row checked against the page it came from */
  verified: boolean;
  ms: number;
}

const tableLines = (page: string) => textLinesOf(page).filter((l) => l.split(' | ').length === 4 && !l.startsWith('Product |'));
const nextId = (page: string) => Number(/<a id=(\d+)[^>]*>Next<\/a>/.exec(page)?.[1] ?? NaN);
type Answer = { name: string; args: unknown };

function extractModel(): (r: ModelInput) => Answer {
  let plans = 0;
  return (r) => {
    if (isPlanner(r)) return { name: 'plan', args: plans++ ? { reasoning: 'The table is complete.', steps: [] } : { reasoning: 'Read the catalog into a table.', steps: [{ policy: 'EXTRACT', target: 'every product, up to 3 pages', value: SCHEMA }] } };
    const page = pageOf(r);
    const next = nextId(page);
    return { name: 'extract', args: { thought: 'Products on this page.', rows: tableLines(page).map((l) => l.split(' | ')), ...(Number.isFinite(next) ? { next } : {}) } };
  };
}

function chatModel(seen: string[]): (r: ModelInput) => Answer {
  return (r) => {
    const page = pageOf(r);
    if (isPlanner(r)) {
      const rows = tableLines(page);
      seen.push(...rows);
      if (Number.isFinite(nextId(page))) return { name: 'plan', args: { reasoning: `Rows on this page: ${rows.join('; ')}. The list goes on.`, steps: [{ policy: 'CLICK', target: 'Next', value: '' }] } };
      return { name: 'plan', args: { reasoning: `The whole table (name | price | rating | stock):\n${seen.join('\n')}`, steps: [] } };
    }
    if (!isPolicy(r, 'CLICK')) throw new Error('unexpected request');
    return { name: 'act', args: { thought: 'Next page.', actions: [{ kind: 'click', id: nextId(page) }, { kind: 'done', summary: 'next page' }] } };
  };
}

export async function runExtractBench(opts: { page: Page; cdp: CDPSession; startUrl: string; text: string; mode: 'extract' | 'chat' }): Promise<ExtractRun & { table?: ExtractedTable; chatRows?: string[] }> {
  const { page, cdp } = opts;
  await page.goto(opts.startUrl, { waitUntil: 'load' });
  await page.waitForFunction(() => 'CopilotPageTools' in window);
  const seen: string[] = [];
  const model = opts.mode === 'extract' ? extractModel() : chatModel(seen);
  const stats = { calls: 0, inputTokens: 0, outputTokens: 0 };
  const llm: LlmClient = {
    async complete(req: LlmRequest) {
      const input: ModelInput = { system: req.system, lastUser: [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '', toolNames: (req.tools ?? []).map((t) => t.name) };
      const call = model(input);
      const inputTokens = countTokens(req.system + req.messages.map((m) => m.content).join('\n'));
      const outputTokens = countTokens(JSON.stringify(call.args));
      stats.calls += 1;
      stats.inputTokens += inputTokens;
      stats.outputTokens += outputTokens;
      return { text: '', toolCalls: [call], usage: { inputTokens, outputTokens }, model: 'scripted', stopReason: 'tool_use' };
    },
  };
  let table: ExtractedTable | undefined;
  const agent = createAgent(
    {
      llm,
      browser: tabBrowserOver(playwrightPort(page, cdp)),
      store: { save: async () => {}, load: async () => undefined },
      user: { confirm: async () => 'once', handoff: async () => {}, ask: async () => '' },
      emit: (e: RunEvent) => {
        if (e.type === 'table') table = e.table;
      },
    },
    // the chat-turns baseline is the agent as it was: every policy but EXTRACT
    { config: { maxTrials: 1, stream: false }, ...(opts.mode === 'chat' ? { policies: defaultPolicies.filter((p) => p.name !== 'EXTRACT') } : {}) },
  );
  const started = Date.now();
  const outcome = await agent.start({ chatId: 'bench', task: opts.text }).done;
  if (!outcome.success) throw new Error(`${opts.mode}: ${outcome.summary}`);
  const rows = opts.mode === 'extract' ? (table?.rows.length ?? 0) : seen.length;
  return { mode: opts.mode, ...stats, rows, verified: opts.mode === 'extract', ms: Date.now() - started, ...(table ? { table } : { chatRows: seen }) };
}
