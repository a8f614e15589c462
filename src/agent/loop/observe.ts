import type { PageSnapshot } from '../../shared/page';
import { currentTrial } from '../run-state';
import { hiddenIdsAt } from '../reflection/memory';
import { CAPS, pageLine } from '../../core/prompts/page-fence';
import type { Ctx } from '../ctx';

/** A snapshot for the model at the current step: the run's page budget, the disabled ids hidden. */
export async function look(ctx: Ctx): Promise<{ snapshot: PageSnapshot; hidden: number[] }> {
  const step = currentTrial(ctx.run).steps.length;
  const hidden = hiddenIdsAt(ctx.run.memory, step);
  const snapshot = await ctx.ports.browser.snapshot({ budget: ctx.run.pageBudget, task: ctx.run.task, hideIds: hidden });
  return { snapshot, hidden };
}

/**
 * Every message of the person so far, then the current request: the only source of the task. The
 * assistant's earlier answers may repeat what a page said, so each is one capped, defused line.
 */
export function conversationText(ctx: Ctx): string {
  const turns = ctx.run.history.map((t) => (t.role === 'user' ? `Person: ${t.content}` : `Assistant: ${pageLine(t.content, CAPS.step)}`));
  return turns.length ? turns.join('\n') : '(this is the first message)';
}
