import type { ActionResult, BrowserAction, PageChange } from '../../shared/action';
import { aimPurposeOf, type AimedTarget } from '../../shared/page';
import { mouseClick, mouseMove, insertText, pressKeys, type CdpSend } from './cdp-input';
import { PageGone, type PageParams, type PagePort, type PageResult } from './port';
import type { Decide } from './request-hold-core';
import { heldPort, refusalOf, refusalOfRequest } from './held-port';
import { holdsRequestsOf } from '../../agent/safety/effects';
import { ACTION_KINDS } from '../../shared/action-kinds';
import type { FilePayload } from '../../shared/attachment';

export interface RunOptions {
  /** how long to wait for a new document after a navigation */
  navigationTimeoutMs?: number;
  /** force DOM-level input even when trusted input is available */
  domOnly?: boolean;
  /** the facts the safety gate judged for the action's element: the page refuses to act if they changed */
  guard?: string;
  /** the element as aim() found it, facts judged: its point is used instead of looking again, while fresh */
  aimed?: AimedTarget;
  /** holds the tab's requests while the action runs; says which may go (effect-hold.ts) */
  decide?: Decide;
  /** the files the run was given, read when an upload action sends one to the page */
  files?: (name: string) => Promise<FilePayload | undefined>;
  /** a chat task's: the text of a small text file an action downloaded is read back into its result (downloads.ts) */
  readDownloads?: boolean;
}

/** How long an aimed point stays good: past it (the person was asked), the page is asked again. */
const AIM_FRESH_MS = 1_000;

type Failed = Extract<ActionResult, { ok: false }>;
const fail = (code: Failed['code'], message: string): Failed => ({ ok: false, code, message });
const gone = (what: string) => fail('navigated_away', `the page navigated away ${what}; take a new snapshot`);

const MESSAGE_MS = 15_000;
/** how the page's settle says that its document is unloading (src/content/executor/settle.ts) */
const UNLOADING = 'the page is loading a new document';

/**
 * Runs one action in a tab. Pointer and keyboard go through trusted CDP input when the port
 * offers it: the page computes the point (scrolled into view, hit-tested), the debugger clicks
 * or types, and the page reports what changed. Without it, the page runs the action with
 * DOM-level events. See docs/executor.md.
 */
export async function runAction(port: PagePort, action: BrowserAction, opts: RunOptions = {}): Promise<ActionResult> {
  const { decide } = opts;
  // a look whose page events may post: the tab is shut to writes while it runs (look-hold.ts)
  if (ACTION_KINDS[action.kind].shutsWrites && port.shutWrites) {
    const { value, refused } = await port.shutWrites(() => runUnheld(port, action, opts));
    // the scroll itself happened: it is told with what the page could not send
    if (!refused || !value.ok) return value;
    return { ...value, change: { ...value.change, summary: [value.change.summary, refusalOfRequest(refused).message].filter(Boolean).join('; ') } };
  }
  if (!decide || !port.holdRequests || !holdsRequestsOf(action.kind)) return runUnheld(port, action, opts);
  return port.holdRequests(decide, async (hold) => {
    if (!hold) return runUnheld(port, action, opts);
    const result = await runUnheld(heldPort(port, hold), action, opts);
    // a request still waits for the person: the page is watched from now, so what their yes
    // changes is seen (the action's own watch ended with its settle)
    const watching = hold.deciding() && (await port.call('page.arm', {}).then(() => true, () => false));
    await hold.idle();
    const refused = refusalOf(hold);
    // a form post that was aborted leaves the page where it was, though it said it was unloading
    if (refused && hold.refused.some((r) => r.resourceType === 'Document')) await port.call('page.release', { stayed: true }).catch(() => undefined);
    // a fetch let go after the question may change the page after the settle that already answered
    const lookAgain = watching && !refused && hold.approved() > 0 && result.ok && result.change.kind === 'none';
    // a watch not looked at is ended, or the next action's settle would count this one's changes
    if (watching && !lookAgain) await port.call('page.settle', { quietMs: 0, timeoutMs: 0 }).catch(() => undefined);
    if (refused) return refused;
    if (!lookAgain) return result;
    const again = await finish(port, Date.now(), Date.now(), opts.navigationTimeoutMs ?? 15_000);
    return again.ok && again.change.kind !== 'none' ? again : result;
  });
}

async function runUnheld(port: PagePort, action: BrowserAction, opts: RunOptions): Promise<ActionResult> {
  const navMs = opts.navigationTimeoutMs ?? 15_000;
  const since = Date.now();
  if (action.kind === 'navigate' || action.kind === 'back') return navigation(port, action, since, navMs);
  if (action.kind === 'upload') {
    // the bytes go to the page with this action only, read from the run's own files
    const file = await opts.files?.(action.file);
    if (!file) return fail('unsupported', `no file named "${action.file}" was attached to this task`);
    return dom(port, action, since, navMs, opts.guard, file);
  }
  const inPage = setInPage(action, opts.aimed);
  if (inPage) return dom(port, inPage, since, navMs, opts.guard);
  const send = opts.domOnly || !needsTrust(action) ? null : await port.input();
  if (send) {
    try {
      return await (action.kind === 'click_at' ? clickAt(port, send, action, since, navMs, opts.guard) : trusted(port, send, action, since, navMs, opts.guard, opts.aimed));
    } catch (e) {
      if (e instanceof PageGone) return gone('in the middle of the action');
      // the debugger went away (DevTools opened, the person dismissed the banner): finish with DOM input
      if (!isDebuggerError(e)) throw e;
    }
  }
  const result = await dom(port, action, since, navMs, opts.guard);
  // a click or key that changed nothing may have been ignored for being simulated: say so
  if (!send && !opts.domOnly && port.untrustedReason && needsTrust(action) && result.ok && result.change.kind === 'none') {
    return { ...result, change: { ...result.change, summary: [result.change.summary, port.untrustedReason].filter(Boolean).join('; ') } };
  }
  return result;
}

/**
 * The aimed element is a date, color or range input or a native select: the page sets its value or
 * option (as trustedEdit and the select case do once the page says so), and no input goes through
 * the debugger for it. A replay's look aims in the page alone, so such a step never attaches the
 * debugger, and Chrome's debugging bar does not come and resize the page for nothing; the agent's
 * aim asked for trusted input before it knew.
 */
function setInPage(a: BrowserAction, aimed?: AimedTarget): BrowserAction | null {
  if (!aimed?.native || !('id' in a) || a.id !== aimed.id || Date.now() - aimed.at >= AIM_FRESH_MS) return null;
  if (aimed.native === 'value' && (a.kind === 'type' || a.kind === 'clear')) return a.kind === 'type' ? a : { kind: 'type', id: a.id, text: '', mode: 'replace' };
  return aimed.native === 'select' && a.kind === 'select' ? a : null;
}

const needsTrust = (a: BrowserAction): boolean => ACTION_KINDS[a.kind].trusted;

function isDebuggerError(e: unknown): boolean {
  return /debugger|detached|not attached|Cannot access|Target closed|Session closed/i.test(e instanceof Error ? e.message : String(e));
}

async function dom(port: PagePort, action: BrowserAction, since: number, navMs: number, guard?: string, file?: FilePayload): Promise<ActionResult> {
  const wait = action.kind === 'wait' ? action.timeoutMs : 0;
  try {
    const r = await port.call('page.act', { action, ...(guard === undefined ? {} : { guard }), ...(file ? { file } : {}) }, MESSAGE_MS + wait);
    if (r.ok && r.change.kind === 'navigation' && r.change.summary.startsWith(UNLOADING)) {
      const url = await port.waitForDocument(since, navMs);
      return { ok: true, elapsedMs: r.elapsedMs, change: loaded(url, r.change.url) };
    }
    return r;
  } catch (e) {
    if (!(e instanceof PageGone)) throw e;
    // the action itself unloaded the page (a link, a submit): that is its effect, not a failure
    if (action.kind === 'type' || action.kind === 'clear' || action.kind === 'wait') return gone('in the middle of the action');
    const url = await port.waitForDocument(since, navMs);
    return { ok: true, elapsedMs: Date.now() - since, change: loaded(url, '') };
  }
}

function loaded(url: string | null, fallback: string): PageChange {
  return url
    ? { kind: 'navigation', url, added: 0, removed: 0, summary: `loaded ${url}` }
    : { kind: 'navigation', url: fallback, added: 0, removed: 0, summary: 'a navigation started but no new page answered in time' };
}

/** Waits for the page to settle after input was delivered, following a navigation if one began. */
async function finish(port: PagePort, started: number, since: number, navMs: number, note?: string): Promise<ActionResult> {
  const elapsedMs = Date.now() - started;
  try {
    const s = await port.call('page.settle', {}, MESSAGE_MS);
    // a press that landed elsewhere reached nothing: reported as covered, which may be tried again
    if (s.blocked) return fail(s.offTarget ? 'covered' : 'changed', s.blocked);
    if (!s.navigating) return { ok: true, elapsedMs, change: note ? { ...s.change, summary: `${note}; ${s.change.summary}` } : s.change };
  } catch (e) {
    if (!(e instanceof PageGone)) throw e;
  }
  const url = await port.waitForDocument(since, navMs);
  return { ok: true, elapsedMs, change: loaded(url, '') };
}

/**
 * The action's element, scrolled to, hit-tested and described in one look, for the gate to judge
 * before acting (instead of describe, then target). Only with trusted input, the one path that
 * uses the point; null when the page cannot aim at it, and the caller describes it instead.
 */
export async function aim(port: PagePort, a: BrowserAction, opts: RunOptions = {}): Promise<AimedTarget | null> {
  const purpose = aimPurposeOf(a);
  if (!purpose || !('id' in a) || a.id === undefined || opts.domOnly || !(await port.input())) return null;
  const checked = a.kind === 'check' ? { checked: a.checked } : {};
  const t = await port.call('page.target', { id: a.id, purpose, ...checked, describe: true }, MESSAGE_MS).catch(() => null);
  return t?.ok && t.info ? { info: t.info, id: a.id, x: t.x, y: t.y, skip: t.skip, native: t.native, at: Date.now() } : null;
}

type Targeted = Extract<PageResult<'page.target'>, { ok: true }> | Failed;

/** The point for the action's own element: the aimed one while fresh, else the page looks again (guarded by the facts judged). */
function targetOf(port: PagePort, id: number, params: Omit<PageParams<'page.target'>, 'id'>, aimed?: AimedTarget): Promise<Targeted> {
  if (aimed && aimed.id === id && Date.now() - aimed.at < AIM_FRESH_MS) return Promise.resolve({ ok: true, x: aimed.x, y: aimed.y, skip: aimed.skip, native: aimed.native });
  return port.call('page.target', { id, ...params }, MESSAGE_MS);
}

async function trusted(port: PagePort, send: CdpSend, a: BrowserAction, since: number, navMs: number, guard?: string, aimed?: AimedTarget): Promise<ActionResult> {
  const started = Date.now();
  const g = guard === undefined ? {} : { guard };
  switch (a.kind) {
    case 'click':
    case 'double_click':
    case 'hover': {
      const t = await targetOf(port, a.id, { purpose: a.kind === 'hover' ? 'hover' : 'pointer', ...g }, aimed);
      if (!t.ok) return t;
      if (a.kind === 'hover') await mouseMove(send, t.x, t.y);
      else if (a.kind === 'double_click') await mouseClick(send, t.x, t.y, { clickCount: 2 });
      else await mouseClick(send, t.x, t.y, { button: a.button, modifiers: a.modifiers });
      return finish(port, started, since, navMs);
    }
    case 'type':
    case 'clear':
      return trustedEdit(port, send, a, since, navMs, guard, aimed);
    case 'check': {
      const t = await targetOf(port, a.id, { purpose: 'check', checked: a.checked, ...g }, aimed);
      if (!t.ok) return t;
      if (t.skip) return finish(port, started, since, navMs, `element ${a.id} was already ${a.checked ? 'checked' : 'unchecked'}`);
      await mouseClick(send, t.x, t.y);
      const s = await port.call('page.state', { id: a.id }, MESSAGE_MS);
      if (s.ok && s.checked !== a.checked) return fail('internal', `clicking element ${a.id} did not ${a.checked ? 'check' : 'uncheck'} it; the page may need another control`);
      return finish(port, started, since, navMs);
    }
    case 'select': {
      const t = await targetOf(port, a.id, { purpose: 'choose', ...g }, aimed);
      if (!t.ok) return t;
      // a native select's popup is drawn outside the page; its options are set as a pick would set them
      if (t.native === 'select') return dom(port, a, since, navMs, guard);
      await mouseClick(send, t.x, t.y);
      const ids = await optionsAppearing(port, a.id, a.values);
      if (!ids.ok) return ids;
      for (const id of ids.ids) {
        const o = await port.call('page.target', { id, purpose: 'pointer' }, MESSAGE_MS);
        if (!o.ok) return o;
        await mouseClick(send, o.x, o.y);
      }
      return finish(port, started, since, navMs);
    }
    case 'press': {
      if (a.id !== undefined) {
        const t = await port.call('page.target', { id: a.id, purpose: 'focus', ...g }, MESSAGE_MS);
        if (!t.ok) return t;
      } else await port.call('page.arm', {}, MESSAGE_MS);
      try {
        await pressKeys(send, a.keys, a.repeat);
      } catch (e) {
        if (isDebuggerError(e)) throw e;
        return fail('unsupported', e instanceof Error ? e.message : String(e));
      }
      return finish(port, started, since, navMs);
    }
    default:
      return dom(port, a, since, navMs, guard);
  }
}

/** A trusted click at a viewport point: the page names what is there, checks it is what the gate judged, and records changes. */
async function clickAt(port: PagePort, send: CdpSend, a: Extract<BrowserAction, { kind: 'click_at' }>, since: number, navMs: number, guard?: string): Promise<ActionResult> {
  const started = Date.now();
  const t = await port.call('page.at', { x: a.x, y: a.y, arm: true, ...(guard === undefined ? {} : { guard }) }, MESSAGE_MS);
  if (!t.ok) return t;
  await mouseClick(send, a.x, a.y);
  return finish(port, started, since, navMs);
}

/** Options of a custom dropdown render after it opens, sometimes after a fetch: ask until they are there. */
async function optionsAppearing(port: PagePort, id: number, values: string[]) {
  const deadline = Date.now() + 2_000;
  for (;;) {
    const r = await port.call('page.options', { id, values }, MESSAGE_MS);
    if (r.ok || r.code !== 'option_not_found' || Date.now() > deadline) return r;
    await new Promise((res) => setTimeout(res, 100));
  }
}

async function navigation(port: PagePort, a: Extract<BrowserAction, { kind: 'navigate' | 'back' }>, since: number, navMs: number): Promise<ActionResult> {
  if (a.kind === 'navigate') {
    let url: URL;
    try {
      url = new URL(a.url);
    } catch {
      return fail('unsupported', `"${a.url}" is not an absolute URL`);
    }
    if (!/^(https?|file):$/.test(url.protocol)) return fail('blocked', `navigating to ${url.protocol} URLs is not allowed`);
    await port.navigate(url.href);
  } else await port.back();
  const loadedUrl = await port.waitForDocument(since, navMs);
  if (!loadedUrl) return fail('timeout', `the page did not load within ${navMs} ms`);
  return { ok: true, elapsedMs: Date.now() - since, change: loaded(loadedUrl, '') };
}

/** Typing: a trusted click into the field, the page selects what the text replaces, then the text as an input method sends it. */
async function trustedEdit(port: PagePort, send: CdpSend, a: Extract<BrowserAction, { kind: 'type' | 'clear' }>, since: number, navMs: number, guard?: string, aimed?: AimedTarget): Promise<ActionResult> {
  const started = Date.now();
  const g = guard === undefined ? {} : { guard };
  const text = a.kind === 'type' ? a.text : '';
  const mode = a.kind === 'type' ? a.mode : 'replace';
  const t = await targetOf(port, a.id, { purpose: 'edit', ...g }, aimed);
  if (!t.ok) return t;
  // a click would open its picker, which the value then has to close: set it as a pick would
  if (t.native === 'value') return dom(port, a.kind === 'type' ? a : { kind: 'type', id: a.id, text: '', mode: 'replace' }, since, navMs, guard);
  await mouseClick(send, t.x, t.y);
  const e = await port.call('page.edit', { id: a.id, mode }, MESSAGE_MS);
  if (!e.ok) return e;
  // date, time, color and range inputs do not take typed text: they get their value set
  if (e.kind === 'value') return dom(port, a.kind === 'type' ? a : { kind: 'type', id: a.id, text: '', mode: 'replace' }, since, navMs, guard);
  if (text) await insertText(send, text);
  else if (mode === 'replace') await pressKeys(send, 'Delete');
  return finish(port, started, since, navMs);
}
