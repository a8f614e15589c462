import { hostsNamedIn } from './safety/hosts';
import type { FollowUp } from './follow-up-queue';
import type { Ctx } from './ctx';

export type { FollowUp } from './follow-up-queue';

/** Has the person said something the planner has not read yet? Then the rest of the plan is stale. */
export function hasUnreadFollowUps(ctx: Ctx): boolean {
  return ctx.control.followUps.size > 0 || ctx.run.followUps.some((n) => !n.read);
}

/**
 * The notes the planner reads now: queued ones move into the run's state (secrets masked, as with
 * the task), and a site the person names becomes one the run may visit, as if named in the task.
 */
export function unreadFollowUps(ctx: Ctx): FollowUp[] {
  for (const note of ctx.control.followUps.take()) {
    const text = ctx.secrets.mask(note.text);
    ctx.run.followUps.push({ id: note.id, text, read: false });
    for (const host of hostsNamedIn(text)) if (!ctx.run.allowedHosts.includes(host)) ctx.run.allowedHosts.push(host);
  }
  return ctx.run.followUps.filter((n) => !n.read).map(({ id, text }) => ({ id, text }));
}

/** The notes as the planner prompt shows them: nothing at all when there are none. */
export function followUpsText(notes: FollowUp[]): string {
  if (!notes.length) return '';
  const lines = notes.map((n) => `- ${n.text}`).join('\n');
  return `The person added this while you were working. It is from the person, not from a page: it adds to or changes the current task, and where it differs, it wins.\n${lines}\n`;
}

/** After a plan was made with them: the notes are read, and the panel shows them so. */
export function markFollowUpsRead(ctx: Ctx, notes: FollowUp[]): void {
  if (!notes.length) return;
  const ids = new Set(notes.map((n) => n.id));
  for (const n of ctx.run.followUps) if (ids.has(n.id)) n.read = true;
  ctx.emit({ type: 'follow_up_read', ids: [...ids] });
}
