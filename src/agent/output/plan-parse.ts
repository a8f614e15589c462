import type { LlmResponse } from '../../shared/llm';
import { PlanStep } from '../../shared/run-events';
import { planTool } from './tools';
import type { Validated } from '../../core/actions/validate';
import type { PolicyRegistry } from '../ctx';

export interface ParsedPlan {
  reasoning: string;
  steps: PlanStep[];
}

/** `FILL_TEXT "From" "Boston"`, `CLICK("Search")`, `- 1. select 'Cabin' 'Economy'`: policy, then quoted arguments. */
function parsePlanLine(line: string): { policy: string; target: string; value: string } | null {
  const clean = line.trim().replace(/^(?:[-*•]|\d+[.)])\s*/, '').replace(/^`+|`+$/g, '').trim();
  const m = /^([A-Za-z][A-Za-z _-]*?)\s*(?:\(\s*(.*?)\s*\)|\s+(.*)|)$/.exec(clean);
  if (!m) return null;
  const args = m[2] ?? m[3] ?? '';
  const quoted = [...args.matchAll(/"([^"]*)"|“([^”]*)”|'([^']*)'/g)].map((q) => q[1] ?? q[2] ?? q[3] ?? '');
  const parts = quoted.length ? quoted : args ? args.split(/\s*,\s*/) : [];
  return { policy: (m[1] ?? '').trim(), target: parts[0] ?? '', value: parts.slice(1).join(', ') };
}

export function parsePlanText(text: string): { reasoning: string; lines: string[] } {
  const reasoning: string[] = [];
  const lines: string[] = [];
  let inPlan = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = /^(reasoning|thought|plan)\s*:\s*(.*)$/i.exec(line);
    if (header) {
      inPlan = (header[1] ?? '').toLowerCase() === 'plan';
      if (header[2]) (inPlan ? lines : reasoning).push(header[2]);
      continue;
    }
    if (line) (inPlan ? lines : reasoning).push(line);
  }
  return { reasoning: reasoning.join(' '), lines: inPlan || lines.length ? lines : [] };
}

/** Plan from tool arguments or text, checked against the policies that exist. */
export function interpretPlan(response: LlmResponse, policies: PolicyRegistry, tools: boolean): Validated<ParsedPlan> {
  const call = response.toolCalls.find((c) => c.name === planTool.name);
  let reasoning = '';
  let raw: Array<{ policy: string; target?: string; value?: string }>;
  if (tools && call) {
    const args = (call.args ?? {}) as { reasoning?: unknown; steps?: unknown };
    if (!Array.isArray(args.steps)) return { ok: false, reason: 'the plan call has no "steps" list' };
    reasoning = typeof args.reasoning === 'string' ? args.reasoning : '';
    raw = args.steps as typeof raw;
  } else {
    if (!/^\s*plan\s*:/im.test(response.text)) return { ok: false, reason: 'the answer has no `Plan:` section' };
    const parsed = parsePlanText(response.text);
    reasoning = parsed.reasoning;
    raw = [];
    for (const line of parsed.lines) {
      if (/^(done|none|\(empty\)|empty)\.?$/i.test(line)) break;
      const step = parsePlanLine(line);
      if (!step) return { ok: false, reason: `"${line}" is not a policy call` };
      raw.push(step);
    }
  }
  const steps: PlanStep[] = [];
  for (const item of raw) {
    const parsed = PlanStep.safeParse(item);
    if (!parsed.success) return { ok: false, reason: `a plan step is malformed: ${JSON.stringify(item)}` };
    if (/^done$/i.test(parsed.data.policy)) break;
    const policy = policies.get(parsed.data.policy);
    if (!policy) {
      const names = policies.list().map((p) => p.name).join(', ');
      return { ok: false, reason: `there is no policy "${parsed.data.policy}"; use one of ${names}` };
    }
    steps.push({ ...parsed.data, policy: policy.name });
  }
  return { ok: true, value: { reasoning, steps } };
}
