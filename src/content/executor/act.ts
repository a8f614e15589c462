import type { ActionResult, BrowserAction, PageChange } from '../../shared/action';
import { lookup } from '../page-model/ids';
import { back } from './back';
import { check } from './check';
import { clear } from './clear';
import { click } from './click';
import { clickAt, elementAt } from './click-at';
import { doubleClick } from './double-click';
import { ActionError, failure, resolveOrThrow } from './errors';
import { armGuard, checkGuard, disarmGuard } from './guard';
import { hover } from './hover';
import { navigate } from './navigate';
import { press } from './press';
import { scroll } from './scroll';
import { select } from './select';
import { arm, disarm, settle, type SettleOptions } from './settle';
import { typeText } from './type';
import { upload } from './upload';
import type { FilePayload } from '../../shared/attachment';
import { wait } from './wait';
import { outlineActing } from '../overlay/overlay';

/** What an action said about itself, for when the DOM alone would report "no change". */
type Note = { moved?: number; summary?: string } | void;

/** A wait for an id this page never had fails at once (unknown id) instead of waiting out its time. */
async function waitFor(a: Extract<BrowserAction, { kind: 'wait' }>): Promise<Note> {
  if (a.id !== undefined && !a.gone) {
    const r = lookup(a.id);
    if (!r.ok && r.reason === 'unknown_id') throw new ActionError('unknown_id', `there is no element with id ${a.id} on this page`);
  }
  return { summary: await wait(a) };
}

/** One handler an action kind; the type makes a new kind add its entry here. */
const HANDLERS: { [K in BrowserAction['kind']]: (a: Extract<BrowserAction, { kind: K }>) => Promise<Note> | Note } = {
  click,
  click_at: clickAt,
  double_click: doubleClick,
  hover,
  type: typeText,
  clear,
  select,
  check,
  press,
  upload: (a) => upload(a, staged),
  scroll,
  navigate,
  back: () => back(),
  wait: waitFor,
};

/** The attachment an upload action came with, for this action only (its bytes are never kept in the page). */
let staged: FilePayload | undefined;

async function run(a: BrowserAction): Promise<Note> {
  return (HANDLERS[a.kind] as (a: BrowserAction) => Promise<Note> | Note)(a);
}

/**
 * Runs one action with DOM-level input, then waits for the page to settle and reports the
 * change. elapsedMs covers the action itself, not the settling.
 */
export async function act(a: BrowserAction, settleOpts: SettleOptions = {}, guard?: string, file?: FilePayload): Promise<ActionResult> {
  const started = performance.now();
  staged = a.kind === 'upload' ? file : undefined;
  arm();
  let note: Note;
  try {
    if (guard !== undefined && 'id' in a && a.id !== undefined) {
      const el = resolveOrThrow(a.id);
      checkGuard(el, guard, a.id);
      // DOM-level input too: a click or submit that lands elsewhere, or a submit while typing, is cancelled
      armGuard(el, guard, a.id, a.kind === 'type' || a.kind === 'clear');
    } else if (guard !== undefined && a.kind === 'click_at') checkGuard(elementAt(a), guard, 0);
    const found = 'id' in a && a.id !== undefined ? lookup(a.id) : undefined;
    if (found?.ok) outlineActing(found.el);
    note = await run(a);
    staged = undefined;
  } catch (e) {
    staged = undefined;
    disarm();
    disarmGuard();
    return failure(e);
  }
  const elapsedMs = performance.now() - started;
  const { change } = await settle(settleOpts);
  const blocked = disarmGuard();
  // a press that landed elsewhere reached nothing: like a covered element, it may be aimed again
  if (blocked) return failure(new ActionError(blocked.offTarget ? 'covered' : 'changed', blocked.message));
  return { ok: true, change: annotate(change, note), elapsedMs };
}

export function annotate(change: PageChange, note: Note): PageChange {
  if (!note) return change;
  if (change.kind === 'none' && note.moved) return { ...change, kind: 'dom', summary: note.summary ?? change.summary };
  if (note.summary) return { ...change, summary: change.kind === 'none' ? note.summary : `${note.summary}; ${change.summary}` };
  return change;
}
