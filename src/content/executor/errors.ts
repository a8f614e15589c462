import type { ActionErrorCode } from '../../shared/action';
import { lookup } from '../page-model/ids';

/** A failure the agent can act on: a specific code and a sentence that says what was in the way. */
export class ActionError extends Error {
  constructor(
    readonly code: ActionErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ActionError';
  }
}

export function resolveOrThrow(id: number): Element {
  const r = lookup(id);
  if (r.ok) return r.el;
  if (r.reason === 'detached') throw new ActionError('detached', `element ${id} is no longer on the page (it was removed or replaced); take a new snapshot`);
  throw new ActionError('unknown_id', `there is no element with id ${id} on this page; use an id from the latest snapshot`);
}

export function failure(e: unknown): { ok: false; code: ActionErrorCode; message: string } {
  if (e instanceof ActionError) return { ok: false, code: e.code, message: e.message };
  return { ok: false, code: 'internal', message: e instanceof Error ? e.message : String(e) };
}
