import type { StepRecord } from '../run-state';
import { currentTrial } from '../run-state';
import { SecretVault } from '../safety/secrets';
import { bare, valueOf } from './typed-check';
import type { Ctx } from '../ctx';

/**
 * Whether the fields the run typed into show what it typed: read back right after typing
 * (typed-check.ts, which finds a value the page cut to its maxlength: "SPRING25" kept as "SPRI"),
 * and looked at again when the run is about to say it is done (a field the page emptied when it
 * lost focus, after the action itself looked fine). The timeline says so instead of a tick
 * ("Promo code shows “SPRI”, not “SPRING25”"), and the planner hears a late finding once before it
 * may finish.
 *
 * Only two findings, both unambiguous: the field keeps the first part of the text and nothing else
 * (cut), or it is empty and the text is nowhere on the page (a tag box that turned it into a chip,
 * a suggestion list's choice, a mask's formatting are not findings). A field the page left is not
 * looked at (a navigation came after), nor one a later click, key press or choice may have sent
 * (a form that empties itself after sending is not a finding), nor a secret.
 */
export interface FieldOff {
  step: number;
  line: string;
  wanted: string;
  /** what the field shows now; '' for empty */
  shows: string;
}

/** Actions after which a form may have been sent (and emptied by its page). */
const MAY_SEND = new Set(['click', 'double_click', 'click_at', 'press', 'select', 'check']);

/** The last typing step per field among `steps`, left out when a navigation or a sending action came after it. */
function typedFields(steps: StepRecord[]): StepRecord[] {
  const last = new Map<number, StepRecord>();
  for (const s of steps) {
    if (s.change?.kind === 'navigation' || MAY_SEND.has(s.action.kind)) last.clear();
    if (s.action.kind === 'type' && s.ok && !s.byPerson && bare(s.action.text)) last.set(s.action.id, s);
  }
  return [...last.values()].filter((s) => !SecretVault.placeholdersIn(s.action.kind === 'type' ? s.action.text : '').length);
}

/** The field keeps the first part of the text and nothing else (a clipped value in the page model ends with "…": not that). */
function isCut(shows: string, typed: string): boolean {
  const have = bare(shows);
  const want = bare(typed);
  return !!have && !shows.endsWith('…') && have.length < want.length && want.startsWith(have);
}

async function offOf(ctx: Ctx, s: StepRecord): Promise<FieldOff | null> {
  if (s.action.kind !== 'type' || !/^<(input|textarea)\b/.test(s.line.trim())) return null;
  const now = await ctx.ports.browser.describe(s.action.id).catch(() => null);
  if (!now || now.secret || !/^<(input|textarea)\b/.test(now.line.trim())) return null;
  const shows = valueOf(now.line) ?? '';
  const found = { step: s.index, line: now.line, wanted: ctx.secrets.hide(s.action.text), shows: ctx.secrets.hide(shows) };
  if (isCut(shows, s.action.text)) return found;
  if (bare(shows)) return null;
  const elsewhere = await ctx.ports.browser.find({ text: s.action.text, limit: 1 }).catch(() => []);
  return elsewhere.length ? null : found;
}

/** Whether this finding is new in this attempt (each is reported once per value). */
function isNew(ctx: Ctx, off: FieldOff): boolean {
  const checks = currentTrial(ctx.run).fieldChecks;
  const key = `${off.step}:${off.shows}`;
  if (checks.includes(key)) return false;
  checks.push(key);
  return true;
}

/** The findings for the fields of `steps` as they are now, not reported before in this attempt. */
export async function fieldsOff(ctx: Ctx, steps: StepRecord[]): Promise<FieldOff[]> {
  const out: FieldOff[] = [];
  for (const s of typedFields(steps)) {
    const off = await offOf(ctx, s);
    if (off && isNew(ctx, off)) out.push(off);
  }
  return out;
}

/** The read-back right after typing showed `shows` (typed-check.ts): a cut value is a finding of the step. */
export function cutAtTyping(ctx: Ctx, s: StepRecord, shows: string): void {
  if (s.action.kind !== 'type' || !isCut(shows, s.action.text)) return;
  const off = { step: s.index, line: s.line, wanted: ctx.secrets.hide(s.action.text), shows: ctx.secrets.hide(shows) };
  if (isNew(ctx, off)) reportFields(ctx, [off], false);
}

/** Each finding as a run event (the timeline's line), and as one note for the model. */
export function reportFields(ctx: Ctx, found: FieldOff[], final: boolean): string {
  for (const f of found) ctx.emit({ type: 'field_check', ...f, final });
  return found
    .map((f) => (f.shows ? `the field ${f.line} shows "${f.shows}", not "${f.wanted}" as typed` : `the field ${f.line} is empty now, though "${f.wanted}" was typed into it`))
    .join('; ');
}
