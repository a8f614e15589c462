// The page model and executor as plain functions, for the content script and for tools that
// inject this file into ordinary pages (tests, `npm run snapshot`, the benchmark). Nothing here
// touches `chrome`.
import type { BrowserAction } from '../shared/action';
import { pageMessages, type PageMessageName } from '../shared/messages/page';
import type { FindQuery, SnapshotOptions } from '../shared/page';
import { act as runAction } from './executor/act';
import { settle as settleNow, type SettleOptions } from './executor/settle';
import { target as targetFor, type TargetParams } from './executor/prepare';
import { pageHandlers } from './page-handlers';
import { describe as describeId } from './page-model/describe';
import { find as findIn } from './page-model/find';
import { lookup } from './page-model/ids';
import { resetMarks, snapshot as take } from './page-model/snapshot';
import { useTokenCounter } from './page-model/tokens';
import { countTokens } from './tokenizer';

useTokenCounter(countTokens);

export const snapshot = (opts: SnapshotOptions = {}) => take(opts);
export const find = (q: FindQuery) => findIn(q);
export const describe = (id: number) => describeId(id);
export const act = (action: BrowserAction, settle: SettleOptions = {}) => runAction(action, settle);
export const target = (p: TargetParams | number) => targetFor(typeof p === 'number' ? { id: p, purpose: 'pointer' } : p);
export const settle = (opts: SettleOptions = {}) => settleNow(opts);
export { resetMarks };

/** The element behind an id, or null when it is unknown or gone. */
export function resolve(id: number): Element | null {
  const r = lookup(id);
  return r.ok ? r.el : null;
}

/**
 * Runs a page.* message the way the content script's receiver does: params validated with the
 * registry's schema, the handler's result validated before it leaves.
 */
export async function handle(name: PageMessageName, params: unknown): Promise<unknown> {
  const def = pageMessages[name];
  const parsed = def.params.parse(params);
  const handler = pageHandlers[name] as (p: unknown, s: { context: 'background'; url: string }) => unknown;
  const result = await handler(parsed, { context: 'background', url: '' });
  return def.result.parse(result);
}
