import type { ChatTurn, LlmRequest } from '../../shared/llm';
import type { PageSnapshot } from '../../shared/page';
import type { Cell, ExtractedTable } from '../../shared/table';
import { callModel } from '../model/call';
import { idsInPage } from '../../core/actions/validate';
import { pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';
import { templates } from '../../core/prompts/templates';
import { GroundingFailed } from '../loop/repair';
import { extractPrompt } from './extract-prompt';
import { extractTool, interpretExtract } from './extract-reply';
import type { ExtractSpec } from './extract-schema';
import { pageText, verifyRows } from './extract-verify';
import type { Ctx } from '../ctx';

export interface PageReading {
  thought: string;
  rows: Cell[][];
  /** the page's text of each row's cells, where it says more than the value */
  shown: (string | null)[][];
  refused: string[];
  missing: string[];
  next?: number;
}

/** A table of a few dozen rows is longer than an action list: room for it in the answer. */
const EXTRACT_OUTPUT_TOKENS = 4096;
const FIND_LIMIT = 40;

/**
 * One page read by the model. A reply that does not parse, or whose values are not on the page,
 * goes back with the reason (RCI grounding), within the run's repair budget; after that the rows
 * with values not on the page are refused and named, and the others kept. When the page model's
 * budget cut the page, the model may ask once for words to find; the lines found join the page.
 */
export async function readPage(ctx: Ctx, input: { spec: ExtractSpec; snapshot: PageSnapshot; table: ExtractedTable; notes: string[] }): Promise<PageReading> {
  const { spec, snapshot, table } = input;
  const tools = ctx.run.config.useTools;
  let ids = idsInPage(snapshot.text);
  let found: string[] = [];
  const request = (): LlmRequest => {
    const { system, user } = extractPrompt({ task: ctx.run.task, call: { policy: 'EXTRACT', target: spec.title, value: spec.columns.map((c) => `${c.name}:${c.type}`).join(', ') }, columns: spec.columns, rows: table.rows, pagesRead: table.pages, notes: input.notes, snapshot, found, tools });
    return { role: 'policy', system, messages: [{ role: 'user', content: user }], maxTokens: EXTRACT_OUTPUT_TOKENS, ...(tools ? { tools: [extractTool], toolChoice: extractTool.name } : {}) };
  };
  let base = request();
  const turns: ChatTurn[] = [];
  let repairs = 0;
  let searched = false;
  for (;;) {
    const response = await callModel(ctx, { ...base, messages: [...base.messages, ...turns] });
    const reply = interpretExtract(response, spec.columns, ids, tools);
    let reason: string;
    if (reply.ok) {
      if (reply.value.find.length && !searched) {
        searched = true;
        found = await findLines(ctx, reply.value.find);
        ids = idsInPage([snapshot.text, ...found].join('\n'));
        if (reply.value.thought) ctx.emit({ type: 'thought', source: 'policy', text: reply.value.thought });
        base = request();
        turns.length = 0;
        continue;
      }
      const checked = verifyRows(reply.value.rows, spec.columns, pageText(snapshot.text, ...found), table.rows.length + 1);
      const { thought, missing, next } = reply.value;
      const reading = { thought, rows: checked.rows, shown: checked.shown, refused: checked.refused, missing, ...(next === undefined ? {} : { next }) };
      if (!checked.refused.length || repairs >= ctx.run.config.groundingRetries) {
        if (thought) ctx.emit({ type: 'thought', source: 'policy', text: thought });
        return reading;
      }
      reason = `values that are not on the page: ${checked.refused.join('; ')}. Copy each value exactly as the page writes it, and give no row for anything the page does not show`;
    } else {
      if (repairs >= ctx.run.config.groundingRetries) throw new GroundingFailed(reply.reason);
      reason = reply.reason;
    }
    repairs += 1;
    ctx.emit({ type: 'grounding_repair', attempt: repairs, reason });
    turns.push({ role: 'assistant', content: replyText(response.text, response.toolCalls) });
    turns.push({ role: 'user', content: renderPrompt(templates.groundingRepair, { system: {}, user: { reason: pageLine(reason), format_hint: tools ? 'Call the extract tool.' : 'Write `Thought:`, then `Rows:` with one row a line, then `Next:`.' } }, 'grounding-repair').user });
  }
}

/** Lines of the whole page that hold the words, beyond what the page model's budget showed. */
async function findLines(ctx: Ctx, words: string[]): Promise<string[]> {
  const lines: string[] = [];
  for (const text of words.slice(0, 5)) {
    for (const hit of await ctx.ports.browser.find({ text, limit: FIND_LIMIT })) if (!lines.includes(hit.line)) lines.push(hit.line);
  }
  return lines;
}

function replyText(text: string, calls: { name: string; args: unknown }[]): string {
  return [text, ...calls.map((c) => `(called ${c.name} with ${JSON.stringify(c.args)})`)].filter(Boolean).join('\n') || '(empty reply)';
}
