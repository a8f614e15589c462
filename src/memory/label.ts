import type { Demonstration, DemoStep, StepLabel } from '../shared/demonstration';
import type { LlmRequest } from '../shared/llm';
import { renderPrompt } from '../core/prompts/render';
import { templates } from '../core/prompts/templates';
import { CAPS, pageLine } from '../core/prompts/page-fence';
import { stepLine, targetId } from './actions';
import { lineOf } from './abstract';

/**
 * HeaP's auto-labelling (Appendix D): one model call, made once when a demonstration is saved,
 * names the web-policy call each recorded action belongs to. The answer is one line per call,
 * `2-3: FILL_TEXT "From" "Boston"`. An answer that names an unknown policy, goes back in the
 * steps, or leaves out an action other than a page load is refused: the demonstration then keeps
 * no labels and its calls are derived from the steps (to-exemplar.ts).
 */

export function demonstrationText(demo: Demonstration): string {
  return demo.steps
    .map((s, i) => {
      const id = targetId(s);
      const line = id === undefined ? '' : (lineOf(s.page, id) ?? '');
      // typed values and element lines are the page's (or an imported file's) words: one capped line each
      return `${i + 1}. ${pageLine(`${stepLine(s)}${line ? ` on ${line}` : ''}`, CAPS.step)}`;
    })
    .join('\n');
}

export function labelRequest(demo: Demonstration, policyUsages: string[]): LlmRequest {
  const { system, user } = renderPrompt(
    templates.labelDemonstration,
    {
      system: { policies: policyUsages.map((u) => `- ${u}`).join('\n') },
      user: { task: pageLine(demo.task), demonstration: demonstrationText(demo) },
    },
    'label-demonstration',
  );
  return { role: 'planner', system, messages: [{ role: 'user', content: user }], maxTokens: 800 };
}

function callOf(text: string): { policy: string; target: string; value: string } | null {
  const m = /^([A-Za-z][A-Za-z_ -]*?)\s*(?:\(\s*(.*?)\s*\)|\s+(.*)|)$/.exec(text.trim());
  if (!m) return null;
  const args = m[2] ?? m[3] ?? '';
  const quoted = [...args.matchAll(/"([^"]*)"|“([^”]*)”/g)].map((q) => q[1] ?? q[2] ?? '');
  return { policy: (m[1] ?? '').trim().toUpperCase().replace(/[\s-]+/g, '_'), target: quoted[0] ?? '', value: quoted.slice(1).join(', ') };
}

function rangeOf(text: string): number[] | null {
  const out: number[] = [];
  for (const part of text.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(\d+)(?:\s*[-–]\s*(\d+))?$/.exec(part);
    if (!m) return null;
    const from = Number(m[1]);
    const to = Number(m[2] ?? m[1]);
    if (to < from) return null;
    for (let i = from; i <= to; i++) out.push(i - 1);
  }
  return out.length ? out : null;
}

export type LabelParse = { ok: true; labels: StepLabel[] } | { ok: false; reason: string };

export function parseLabels(text: string, steps: Pick<DemoStep, 'action'>[], policyNames: string[]): LabelParse {
  const known = new Set(policyNames.map((p) => p.toUpperCase()));
  const labels: StepLabel[] = [];
  const covered = new Set<number>();
  let next = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim().replace(/^[-*•]\s*/, '').replace(/^(?:steps?|actions?)\s+/i, '');
    const m = /^([\d,\s–-]+):\s*(.+)$/.exec(line);
    if (!m) continue;
    const indexes = rangeOf(m[1] ?? '');
    const call = callOf(m[2] ?? '');
    if (!indexes || !call) return { ok: false, reason: `"${line}" is not "<actions>: <call>"` };
    if (!known.has(call.policy)) return { ok: false, reason: `"${line}" names no known policy` };
    for (const i of indexes) {
      if (i < next || i >= steps.length) return { ok: false, reason: `"${line}" covers action ${i + 1} out of order or past the end` };
      next = i + 1;
      covered.add(i);
    }
    labels.push({ call, steps: indexes });
  }
  if (!labels.length) return { ok: false, reason: 'the answer has no "<actions>: <call>" line' };
  const missing = steps.findIndex((s, i) => !covered.has(i) && s.action.kind !== 'navigate');
  if (missing >= 0) return { ok: false, reason: `action ${missing + 1} belongs to no call` };
  return { ok: true, labels };
}
