import type { AgentAction } from '../../shared/action';
import type { LlmResponse } from '../../shared/llm';
import { AgentAction as AgentActionSchema } from '../../shared/action';
import { currentTrial, taskText } from '../run-state';
import { parseActionLine } from '../../core/actions/grammar';
import { reflectTool } from '../output/tools';
import { actionLine, type Validated } from '../../core/actions/validate';
import { CAPS, pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';
import { templates } from '../../core/prompts/templates';
import { askUntilUsable } from '../loop/repair';
import { disabledAt, isDisabled } from './memory';
import type { Ctx } from '../ctx';

export interface Reflection {
  step: number;
  correction: AgentAction;
  diagnosis: string;
}

function trajectoryText(ctx: Ctx): string {
  const trial = currentTrial(ctx.run);
  const lines = trial.steps.map((s) => {
    const tried = disabledAt(ctx.run.memory, s.index).map(actionLine);
    return [
      `[${s.index}] ${pageLine(`${s.policy}: ${actionLine(s.action)}${s.line ? ` on ${s.line}` : ''}`, CAPS.step)}`,
      `    result: ${pageLine(s.change?.summary || s.change?.kind || 'ok')}${s.change ? ` (${pageLine(s.change.url, CAPS.url)})` : ''}`,
      tried.length ? `    already tried here and wrong: ${tried.join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('\n');
  });
  const missing = disabledAt(ctx.run.memory, trial.steps.length).map(actionLine);
  if (missing.length) lines.push(`[${trial.steps.length}] (no step) already tried here and wrong: ${missing.join(', ')}`);
  return lines.length ? lines.join('\n') : '(no step ran)';
}

function memoryText(ctx: Ctx): string {
  const entries = Object.entries(ctx.run.memory.corrections);
  if (!entries.length) return '(none)';
  return entries.map(([i, e]) => `- step ${i}: ${e.wrong ? actionLine(e.wrong) : '(missing)'} -> ${actionLine(e.correction)}`).join('\n');
}

function interpret(ctx: Ctx, response: LlmResponse, tools: boolean): Validated<Reflection> {
  const trial = currentTrial(ctx.run);
  let raw: { step?: unknown; correction?: unknown; diagnosis?: unknown };
  const call = response.toolCalls.find((c) => c.name === reflectTool.name);
  if (tools && call) raw = (call.args ?? {}) as typeof raw;
  else {
    const text = response.text;
    const step = /^\s*step\s*:\s*\[?(\d+)/im.exec(text)?.[1];
    const correctionLine = /^\s*correction\s*:\s*(.+)$/im.exec(text)?.[1] ?? '';
    const parsed = parseActionLine(correctionLine);
    raw = {
      step: step === undefined ? undefined : Number(step),
      correction: parsed && 'action' in parsed ? parsed.action : undefined,
      diagnosis: /^\s*diagnosis\s*:\s*(.+)$/im.exec(text)?.[1] ?? '',
    };
  }
  const step = Number(raw.step);
  if (!Number.isInteger(step) || step < 0 || step > trial.steps.length) {
    return { ok: false, reason: `the step index must be a number from 0 to ${trial.steps.length}` };
  }
  const correction = AgentActionSchema.safeParse(raw.correction);
  if (!correction.success) return { ok: false, reason: 'the correction is not a valid action' };
  const taken = trial.steps[step]?.action;
  if (taken && actionLine(taken) === actionLine(correction.data)) {
    return { ok: false, reason: `step ${step} already was \`${actionLine(taken)}\`; propose a different action` };
  }
  if (isDisabled(ctx.run.memory, step, correction.data)) {
    return { ok: false, reason: `\`${actionLine(correction.data)}\` was already tried at step ${step} and was wrong` };
  }
  return { ok: true, value: { step, correction: correction.data, diagnosis: typeof raw.diagnosis === 'string' ? raw.diagnosis : '' } };
}

/** Asks the reflection model for the earliest wrong step of the attempt that just ended. */
export async function reflect(ctx: Ctx): Promise<Reflection> {
  const { run } = ctx;
  const trial = currentTrial(run);
  const tools = run.config.useTools;
  const { system, user } = renderPrompt(
    templates.reflection,
    {
      system: { format: (tools ? templates.reflectionFormatTools : templates.reflectionFormatText).trim() },
      user: {
        task: taskText(run),
        trial: trial.n + 1,
        status: trial.status ?? 'failed',
        reason: pageLine(trial.reason || 'no reason given', CAPS.step),
        trajectory: trajectoryText(ctx),
        memory: memoryText(ctx),
      },
    },
    'reflection',
  );
  const result = await askUntilUsable(
    ctx,
    {
      role: 'reflection',
      system,
      messages: [{ role: 'user', content: user }],
      ...(tools ? { tools: [reflectTool], toolChoice: reflectTool.name } : {}),
    },
    (response) => interpret(ctx, response, tools),
    tools ? 'Call the reflect tool.' : 'Write `Diagnosis:`, `Step:` and `Correction:`.',
  );
  return result.value;
}
