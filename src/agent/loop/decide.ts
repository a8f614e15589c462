import type { AgentAction } from '../../shared/action';
import type { LlmResponse } from '../../shared/llm';
import type { PageSnapshot } from '../../shared/page';
import type { PlanStep } from '../../shared/run-events';
import { policyExamples, planStepLine } from '../exemplars';
import { parseActionText } from '../../core/actions/grammar';
import { actTool } from '../output/tools';
import { idsInPage, validateActions, type Validated } from '../../core/actions/validate';
import { CAPS, fencePageText, pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';
import { templates } from '../../core/prompts/templates';
import { askUntilUsable } from './repair';
import type { Screenshot } from '../../shared/vision';
import { SCREENSHOT_RULES, screenshotLine, toViewport } from '../vision/click-at';
import type { Ctx, WebPolicy } from '../ctx';
import { taskText } from '../run-state';

export interface Decision {
  thought: string;
  actions: AgentAction[];
  repairs: number;
}

export interface DecideInput {
  policy: WebPolicy;
  call: PlanStep;
  snapshot: PageSnapshot;
  hidden: number[];
  previous: string[];
  /** the texts of files this step's actions downloaded, fenced (downloaded.ts); '' when none */
  downloads?: string;
  notes: string[];
  repairsUsed: number;
  /** a screenshot of the viewport, sent beside the page text (../vision/look.ts) */
  shot?: Screenshot | null;
}

/** One policy turn: the model sees the page and answers with a thought and the actions to run. */
export async function decide(ctx: Ctx, input: DecideInput): Promise<Decision> {
  const { config } = ctx.run;
  const tools = config.useTools;
  const shot = input.shot ?? null;
  // Previous steps name page elements and what the page did; notes carry the executor's and the
  // page's error text: all of it goes inside the page-log fence, one capped line each.
  const { system, user } = renderPrompt(
    templates.policyFrame,
    {
      system: {
        policy_name: input.policy.name,
        guidance: input.policy.guidance.trim(),
        batch_rule: (config.oneActionPerCall ? templates.batchSingle : templates.batchStaged).trim(),
        format: [(tools ? templates.actionFormatTools : templates.actionFormatText).trim(), shot ? SCREENSHOT_RULES : ''].filter(Boolean).join('\n\n'),
      },
      user: {
        examples: policyExamples(ctx.run.exemplars, input.policy.name, config.exampleBudget),
        task: taskText(ctx.run),
        instruction: pageLine(planStepLine(input.call)),
        previous: input.previous.length ? input.previous.map((p) => pageLine(p, CAPS.step)).join('\n') : '(none yet)',
        downloads: input.downloads ?? '',
        notes: input.notes.length ? `\nNotes:\n${input.notes.map((n) => `- ${pageLine(n, CAPS.step)}`).join('\n')}` : '',
        url: pageLine(input.snapshot.url, CAPS.url),
        title: pageLine(input.snapshot.title, CAPS.title),
        page: fencePageText(input.snapshot.text),
        screenshot: shot ? screenshotLine(shot) : '',
      },
    },
    `policy ${input.policy.name}`,
  );
  const grounding = { ids: idsInPage(input.snapshot.text), hidden: new Set(input.hidden) };
  const result = await askUntilUsable(
    ctx,
    {
      role: 'policy',
      system,
      messages: [{ role: 'user', content: user, ...(shot ? { images: [{ mediaType: shot.mediaType, data: shot.data }] } : {}) }],
      ...(tools ? { tools: [actTool], toolChoice: actTool.name } : {}),
    },
    (response) => inViewport(interpretActions(response, grounding, tools), shot),
    tools ? 'Call the act tool.' : 'Write `Thought:` and then `Actions:` with one action a line.',
    input.repairsUsed,
  );
  const { thought, actions } = result.value;
  // The iterative baseline runs the first action only, whatever else the reply held.
  return { thought, actions: config.oneActionPerCall ? actions.slice(0, 1) : actions, repairs: result.repairs };
}

/** Tool arguments and plain text both end in the same validation. */
export function interpretActions(
  response: LlmResponse,
  grounding: { ids: Set<number>; hidden: Set<number> },
  tools: boolean,
): Validated<{ thought: string; actions: AgentAction[] }> {
  let thought = '';
  let raw: unknown[];
  const call = response.toolCalls.find((c) => c.name === actTool.name);
  if (tools && call) {
    const args = (call.args ?? {}) as { thought?: unknown; actions?: unknown };
    if (!Array.isArray(args.actions)) return { ok: false, reason: 'the act call has no "actions" list' };
    thought = typeof args.thought === 'string' ? args.thought : '';
    raw = args.actions;
  } else {
    const parsed = parseActionText(response.text);
    if (parsed.errors.length) return { ok: false, reason: parsed.errors.join('; ') };
    thought = parsed.thought;
    raw = parsed.actions;
  }
  const checked = validateActions(raw, grounding);
  return checked.ok ? { ok: true, value: { thought, actions: checked.value } } : checked;
}

/** click_at points from the screenshot's pixels to the viewport's (../vision/click-at.ts). */
function inViewport(r: Validated<{ thought: string; actions: AgentAction[] }>, shot: Screenshot | null): Validated<{ thought: string; actions: AgentAction[] }> {
  if (!r.ok) return r;
  const v = toViewport(r.value.actions, shot);
  return v.ok ? { ok: true, value: { thought: r.value.thought, actions: v.value } } : v;
}
