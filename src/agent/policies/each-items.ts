import template from '../../../prompts/each-items.md?raw';
import guidance from '../../../prompts/policy-each.md?raw';
import type { ChatTurn, LlmRequest } from '../../shared/llm';
import type { PageSnapshot } from '../../shared/page';
import type { PlanStep } from '../../shared/run-events';
import { callModel } from '../model/call';
import { idsInPage } from '../../core/actions/validate';
import { CAPS, fencePageText, pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';
import { templates } from '../../core/prompts/templates';
import { planStepLine } from '../exemplars';
import { GroundingFailed } from '../loop/repair';
import type { Ctx } from '../ctx';

export { guidance as eachGuidance };

/** One item of the list: the element that opens it, and its name as the page writes it. */
export interface EachItem {
  id: number;
  name: string;
}

/**
 * The model names the items of the list (ids and names), once, in the text form whatever the
 * run's output mode: a list of lines needs no tool. Ids not on the page, or no items at all, go
 * back with the reason within the run's repair budget.
 */
export async function chooseItems(ctx: Ctx, input: { call: PlanStep; limit: number; snapshot: PageSnapshot }): Promise<{ thought: string; items: EachItem[] }> {
  const { snapshot, limit } = input;
  const ids = idsInPage(snapshot.text);
  const { system, user } = renderPrompt(
    template,
    {
      system: { guidance: guidance.trim() },
      user: {
        task: ctx.run.task,
        instruction: pageLine(planStepLine(input.call)),
        limit: String(limit),
        notes: '(none)',
        url: pageLine(snapshot.url, CAPS.url),
        title: pageLine(snapshot.title, CAPS.title),
        page: fencePageText(snapshot.text),
      },
    },
    'policy EACH',
  );
  const base: LlmRequest = { role: 'policy', system, messages: [{ role: 'user', content: user }] };
  const turns: ChatTurn[] = [];
  for (let repairs = 0; ; repairs++) {
    const response = await callModel(ctx, { ...base, messages: [...base.messages, ...turns] });
    const parsed = parseItems(response.text, ids, limit);
    if (parsed.ok) return { thought: parsed.thought, items: parsed.items };
    if (repairs >= ctx.run.config.groundingRetries) throw new GroundingFailed(parsed.reason);
    ctx.emit({ type: 'grounding_repair', attempt: repairs + 1, reason: parsed.reason });
    turns.push({ role: 'assistant', content: response.text || '(empty reply)' });
    turns.push({ role: 'user', content: renderPrompt(templates.groundingRepair, { system: {}, user: { reason: pageLine(parsed.reason), format_hint: 'Write `Thought:`, then `Items:` with one `id | name` a line.' } }, 'grounding-repair').user });
  }
}

type Parsed = { ok: true; thought: string; items: EachItem[] } | { ok: false; reason: string };

/** `Items:` then `21 | Camping stove` lines (`[21] Camping stove` and `21: Camping stove` too); the first `limit` distinct ids are kept. */
export function parseItems(text: string, ids: Set<number>, limit: number): Parsed {
  const thought = /^\s*Thought:\s*(.*)$/im.exec(text)?.[1]?.trim() ?? '';
  const at = text.search(/^\s*Items:\s*$/im);
  if (at < 0) return { ok: false, reason: 'the answer has no `Items:` line' };
  const items: EachItem[] = [];
  const unknown: number[] = [];
  for (const line of text.slice(at).split('\n').slice(1)) {
    const m = /^\s*(?:[-*]\s*)?\[?(\d+)\]?\s*(?:[|:–-]\s*)?(.*)$/.exec(line);
    if (!m) continue;
    const id = Number(m[1]);
    if (!ids.has(id)) unknown.push(id);
    else if (!items.some((i) => i.id === id)) items.push({ id, name: m[2]!.replace(/^["']|["']$/g, '').trim() });
  }
  if (unknown.length) return { ok: false, reason: `there is no element with id ${unknown.join(', ')} on the page` };
  // "Items: none": the page lists nothing the instruction means, which is an answer too
  if (!items.length && /^\s*none\.?\s*$/im.test(text.slice(at))) return { ok: true, thought, items };
  if (!items.length) return { ok: false, reason: 'no items were given: name each item as `id | name`, or write `none` under `Items:` when the page lists none' };
  return { ok: true, thought, items: items.slice(0, limit) };
}
