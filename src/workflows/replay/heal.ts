import type { Fingerprint } from '../../shared/fingerprint';
import type { LlmClient } from '../../shared/llm';
import type { PageSnapshot } from '../../shared/page';
import type { WorkflowStep } from '../../shared/workflow';
import { render } from '../../core/prompts/render';
import { splitPrompt } from '../../core/prompts/templates';
import { parseActionText } from '../../core/actions/grammar';
import { idsInPage } from '../../core/actions/validate';
import { fencePageText } from '../../core/prompts/page-fence';
import healTemplate from '../../../prompts/replay-heal.md?raw';

/** The page model is ~3,000 tokens (replay-page.ts); this keeps a page that slipped its budget from filling the call. */
const PAGE_CHARS = 16_000;

/** Text from the page or the workflow file, capped and with any fence tag in it defused. */
function fenced(text: string, max: number): string {
  const capped = text.length > max ? `${text.slice(0, max)}… (cut)` : text;
  return fencePageText(capped);
}

export type HealAnswer = { ok: true; id: number; thought: string } | { ok: false; reason: string };

function recorded(fp: Fingerprint | undefined): string {
  if (!fp) return '(no element was recorded)';
  const parts = [`role ${fp.role || 'unknown'}`];
  if (fp.name) parts.push(`name "${fp.name}"`);
  if (fp.label && fp.label !== fp.name) parts.push(`label "${fp.label}"`);
  if (fp.text && fp.text !== fp.name) parts.push(`text "${fp.text}"`);
  if (fp.placeholder) parts.push(`placeholder "${fp.placeholder}"`);
  if (fp.context) parts.push(`under "${fp.context}"`);
  if (fp.landmark) parts.push(`in the ${fp.landmark}`);
  if (fp.row) parts.push(`in the row or item "${fp.row}"`);
  return parts.join(', ');
}

/**
 * One policy-style call: the step's intent (with placeholders, never values) and the current page
 * model; the model names one element id and says how sure it is. Anything else (no id, several
 * actions, ask_user, low confidence) is not a heal.
 */
export async function askModelToHeal(llm: LlmClient, step: WorkflowStep, page: PageSnapshot, reason: string): Promise<HealAnswer> {
  // Split before filling in: page text that contains the split marker cannot move it.
  const parts = splitPrompt(healTemplate);
  const system = render(parts.system, {}, 'replay-heal');
  const user = render(
    parts.user,
    {
      kind: step.action.kind,
      intent: fenced(step.intent, 300),
      recorded: fenced(recorded(step.target), 600),
      reason: fenced(reason, 600),
      url: fenced(page.url, 300),
      page: fenced(page.text, PAGE_CHARS),
    },
    'replay-heal',
  );
  const reply = await llm.complete({ role: 'policy', system, messages: [{ role: 'user', content: user }], maxTokens: 300 });
  const confidence = /^\s*confidence\s*:\s*(high|medium|low)\b/im.exec(reply.text)?.[1]?.toLowerCase();
  const parsed = parseActionText(reply.text.replace(/^\s*confidence\s*:.*$/gim, ''));
  const withId = parsed.actions.filter((a): a is { kind: string; id: number } => typeof (a as { id?: unknown }).id === 'number');
  if (parsed.actions.some((a) => (a as { kind?: string }).kind === 'ask_user')) return { ok: false, reason: 'the model was not sure which element the step means' };
  if (withId.length !== 1) return { ok: false, reason: withId.length ? 'the model named more than one element' : 'the model named no element' };
  if (confidence !== 'high') return { ok: false, reason: `the model's confidence was ${confidence ?? 'not stated'}` };
  if (!idsInPage(page.text).has(withId[0]!.id)) return { ok: false, reason: `the model named element ${withId[0]!.id}, which was not in the page it was shown` };
  return { ok: true, id: withId[0]!.id, thought: parsed.thought };
}
