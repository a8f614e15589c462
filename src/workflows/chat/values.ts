import { z } from 'zod';
import type { LlmClient } from '../../shared/llm';
import type { Workflow } from '../../shared/workflow';
import { render } from '../../core/prompts/render';
import { splitPrompt } from '../../core/prompts/templates';
import { fencePageText } from '../../core/prompts/page-fence';
import template from '../../../prompts/workflow-variables.md?raw';
import { lazy } from '../../shared/lazy';

const Answer = lazy(() => z.object({ values: z.record(z.string(), z.string().max(500)) }));

export type RequestValues = { ok: true; values: Record<string, string>; missingSecrets: string[] } | { ok: false; message: string };

const fenced = (text: string, max: number) => fencePageText(text.length > max ? `${text.slice(0, max)}… (cut)` : text);

/** The first {...} of a reply: models sometimes wrap JSON in a code fence or a sentence. */
function jsonOf(text: string): unknown {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  if (start < 0 || end <= start) return undefined;
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    return undefined;
  }
}

/**
 * One small call: the model reads the person's request (secrets already masked out of it) and the
 * workflow's non-secret variables, and answers which of them the request sets. Secret variables are
 * never shown to the model; they come back as missing, to be asked of the person. Values for names
 * the workflow does not have are refused rather than dropped silently.
 */
export async function valuesFromRequest(llm: LlmClient, wf: Workflow, maskedRequest: string): Promise<RequestValues> {
  const open = wf.variables.filter((v) => !v.secret);
  const defaults = Object.fromEntries(open.map((v) => [v.name, v.default ?? '']));
  const missingSecrets = wf.variables.filter((v) => v.secret).map((v) => v.name);
  if (open.length === 0) return { ok: true, values: {}, missingSecrets };
  // Split before filling in, and the workflow's own words (an imported file's, or labels read
  // from a page) fenced and capped: they are data, like page text.
  const parts = splitPrompt(template);
  const system = render(parts.system, {}, 'workflow-variables');
  const user = render(
    parts.user,
    {
      name: fenced(wf.name, 200),
      description: fenced(wf.description, 1_000),
      variables: fenced(open.map((v) => `- ${v.name}: ${v.label}, recorded "${v.default ?? ''}"`).join('\n'), 4_000),
      request: maskedRequest,
    },
    'workflow-variables',
  );
  const reply = await llm.complete({ role: 'policy', system, messages: [{ role: 'user', content: user }], maxTokens: 300 });
  const parsed = Answer.safeParse(jsonOf(reply.text));
  if (!parsed.success) return { ok: false, message: 'The model did not answer with the values in the expected form.' };
  const unknown = Object.keys(parsed.data.values).filter((k) => !Object.hasOwn(defaults, k));
  if (unknown.length) return { ok: false, message: `The model named values this workflow does not have: ${unknown.join(', ')}.` };
  return { ok: true, values: { ...defaults, ...parsed.data.values }, missingSecrets };
}
