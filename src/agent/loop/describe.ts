import type { ElementInfo } from '../../shared/page';
import type { Ctx } from '../ctx';

/**
 * `describe(id)` for an action the model did not just choose from a fresh snapshot (a replayed
 * step, a forced correction). Ids are handed out by snapshots, one counter per document, so on a
 * page that loaded since the last look no id exists yet: take a snapshot, which assigns them in
 * document order (a reloaded page gives its elements the same ids again), then ask once more.
 */
export async function describeOnCurrentPage(ctx: Ctx, id: number): Promise<ElementInfo | null> {
  const known = await ctx.ports.browser.describe(id);
  if (known) return known;
  await ctx.ports.browser.snapshot({ budget: ctx.run.pageBudget, task: ctx.run.task });
  return ctx.ports.browser.describe(id);
}

/** The element at a click_at point (a canvas, or the labelled control under it); null when the browser cannot say. */
export async function describeAtPoint(ctx: Ctx, p: { x: number; y: number }): Promise<ElementInfo | null> {
  return ctx.ports.browser.describeAt ? ctx.ports.browser.describeAt(p.x, p.y) : null;
}
