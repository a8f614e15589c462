import type { PageSnapshot } from '../../shared/page';
import type { Ctx } from '../context';
import { currentTrial } from '../run-state';
import { hiddenIdsAt } from '../reflection/memory';

/** A snapshot for the model at the current step: the run's page budget, the disabled ids hidden. */
export async function look(ctx: Ctx): Promise<{ snapshot: PageSnapshot; hidden: number[] }> {
  const step = currentTrial(ctx.run).steps.length;
  const hidden = hiddenIdsAt(ctx.run.memory, step);
  const snapshot = await ctx.ports.browser.snapshot({ budget: ctx.run.pageBudget, task: ctx.run.task, hideIds: hidden });
  return { snapshot, hidden };
}

/**
 * Walks the page so its elements have ids. Ids are issued by a snapshot of the current page load
 * (docs/page-model.md): after a navigation, an action that no model saw a snapshot for (a replayed
 * step, a forced correction) would otherwise name an id that does not exist yet. The walk gives the
 * same element of the same page the same id, so a step recorded on an earlier load can be checked.
 */
export async function assignIds(ctx: Ctx): Promise<void> {
  await ctx.ports.browser.snapshot({ budget: ctx.run.pageBudget, task: ctx.run.task });
}

/** Every message of the person so far, then the current request: the only source of the task. */
export function conversationText(ctx: Ctx): string {
  const turns = ctx.run.history.map((t) => `${t.role === 'user' ? 'Person' : 'Assistant'}: ${t.content}`);
  return turns.length ? turns.join('\n') : '(this is the first message)';
}
