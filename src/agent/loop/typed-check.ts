import type { BrowserAction, TabAction } from '../../shared/action';
import type { ElementInfo } from '../../shared/page';
import type { Ctx } from '../context';

/**
 * After typing into a field, what the field shows: the run says "Typed X" only when the page
 * confirms it. `empty` when a field that was given text shows none (a page that refused it, a
 * value the browser could not put in), `shows` when it holds something else (a formatter, a
 * suggestion that replaced it), null when it shows what was typed or cannot be read (a rich editor,
 * a page that moved on).
 */
export type TypedCheck = { kind: 'empty' } | { kind: 'shows'; value: string } | null;

const attr = (line: string, name: string) => new RegExp(`\\s${name}="((?:[^"\\\\]|\\\\.)*)"`).exec(line)?.[1]?.replace(/\\(.)/g, '$1');
/** letters and digits only: a mask's spaces, dashes and brackets do not make a value different */
const bare = (s: string) => s.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
/** the page model clips a value to 120 characters */
const SHOWN_MAX = 100;

export async function typedCheck(ctx: Ctx, action: BrowserAction | TabAction, typed: string, element: ElementInfo | null): Promise<TypedCheck> {
  if (action.kind !== 'type' || !element || !/^<(input|textarea)\b/.test(element.line.trim()) || !bare(typed)) return null;
  const after = await ctx.ports.browser.describe(action.id).catch(() => null);
  if (!after) return null;
  if (after.secret) return /\svalue=\(filled\)/.test(after.line) ? null : { kind: 'empty' };
  const value = attr(after.line, 'value') ?? '';
  if (!bare(value)) return { kind: 'empty' };
  return bare(value).includes(bare(typed).slice(0, SHOWN_MAX)) ? null : { kind: 'shows', value };
}
