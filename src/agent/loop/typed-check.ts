import type { ActionResult, BrowserAction, TabAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { Ctx } from '../ctx';

/**
 * After typing into a field, what the field shows: the run says "Typed X" only when the page
 * confirms it. `empty` when a field that was given text shows none and the page did nothing else
 * with it (a page that refused it; not a tag box that turned it into a chip, nor a typed search
 * that moved on), `shows` when it holds something else (a suggestion that replaced it), null when
 * it shows what was typed or cannot be read (a rich editor, a page that moved on).
 */
export type TypedCheck = { kind: 'empty' } | { kind: 'shows'; value: string } | null;

/** the page model quotes a value with `"` turned to `'` and no other escapes (page-model/dom.ts) */
export const valueOf = (line: string) => /\svalue="([^"]*)"/.exec(line)?.[1];
/** letters and digits only: a mask's spaces, dashes and brackets do not make a value different */
export const bare = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');

/** Whether the value the page model shows holds the typed text; a long value is clipped there with "…". */
function holds(value: string, typed: string): boolean {
  const clipped = value.endsWith('…');
  const shown = bare(clipped ? value.slice(0, -1) : value);
  const want = bare(typed);
  return clipped ? want.startsWith(shown) || shown.includes(want) : shown.includes(want);
}

/**
 * `filled`: the value came from the person's secrets (a placeholder): a field showing something
 * else is not quoted back, in case it is that secret reshaped.
 */
export async function typedCheck(ctx: Ctx, action: BrowserAction | TabAction, element: ElementInfo | null, result: Extract<ActionResult, { ok: true }>, filled: boolean): Promise<TypedCheck> {
  if (action.kind !== 'type' || !element || !/^<(input|textarea)\b/.test(element.line.trim()) || !bare(action.text)) return null;
  if (result.change.kind === 'navigation') return null;
  const after = await ctx.ports.browser.describe(action.id).catch(() => null);
  if (!after) return null;
  const tookIt = result.change.added > 0;
  if (after.secret) return /\svalue=\(filled\)/.test(after.line) || tookIt ? null : { kind: 'empty' };
  const value = valueOf(after.line) ?? '';
  if (!bare(value)) return tookIt ? null : { kind: 'empty' };
  if (holds(value, action.text) || filled) return null;
  return { kind: 'shows', value };
}
