import type { ActionResult, AgentAction, BrowserAction } from '../../shared/action';
import { aimPurposeOf, type AimedTarget } from '../../shared/page';
import type { WorkflowStep } from '../../shared/workflow';
import { pathOf } from '../text';
import { browserActionFor, typesInPage, typesSecret, valueShows } from './actions';
import type { Found } from './find-element';
import type { ActHow } from './ports';
import { gateQuestion, renameQuestion } from './questions';
import { keepRepair, writeBack } from './repairs';
import type { ReplayRun, StepOutcome } from './run';
import { waitForUrl } from './waits';
import { stepHold } from './request-hold';
import { holdsRequestsOf } from '../../agent/safety/effects';
import type { ElementInfo } from '../../shared/page';
import { readKeys } from '../../core/keys';

/** Action failures that mean the input never reached the element (nothing happened), so a retry is safe. */
const RETRYABLE = new Set(['covered', 'hidden', 'detached', 'unknown_id', 'disabled']);

type Filled = Exclude<WorkflowStep['action'], { kind: 'navigate' | 'extract' }>;

/**
 * Acts on the element found (or on the focus, for a bare key): the person's questions and the
 * safety gate first, then the executor, then the step's postconditions (the value is in the
 * field, the box is ticked, the page moved on).
 */
export async function actStep(run: ReplayRun, index: number, step: WorkflowStep, action: Filled, el: Found | null, before: string): Promise<StepOutcome> {
  const { page } = run.ports;
  const chosen = browserActionFor(action, el?.id, el?.tag ?? '');
  const held = { ...(step.recorder?.button ? { button: step.recorder.button } : {}), ...(step.recorder?.modifiers ? { modifiers: step.recorder.modifiers } : {}) };
  const browserAction = chosen?.kind === 'click' ? { ...chosen, ...held } : chosen;
  if (!browserAction) return { status: 'asked', message: `The step "${step.intent}" has no element to act on.` };
  const ask = el?.renamed ? renameQuestion(run.state, { index, step, action: browserAction as AgentAction, hidden: typesSecret(step, run.secretNames), pick: { line: el.line, name: el.name, guessed: !!el.guessed }, url: before }) : null;
  if (ask) return ask;
  const requestsHeld = holdsRequestsOf(browserAction.kind) && !!(await page.holdsRequests?.().catch(() => false));
  // a socket the page opened carries what no hold sees (src/agent/safety/gate.ts `liveConnection`)
  const liveConnection = holdsRequestsOf(browserAction.kind) ? await page.liveConnection?.().catch(() => null) : null;
  const approvedBefore = run.state.approved?.index === index;
  const judged = await judge(run, index, step, browserAction, el, before, { requestsHeld, liveConnection });
  if ('status' in judged) return judged;
  // the person approved this step's card on this attempt: its own site's effects are theirs
  const hold = requestsHeld ? stepHold(run, { index, step, action: browserAction as AgentAction, el: judged.info ?? null, url: before, repaired: !!el?.healed, approvedAction: approvedBefore && !run.state.approved }) : null;
  // taken before acting: a click that navigates leaves nothing to fingerprint afterwards
  const fp = el && (el.healed || el.foreign) ? (el.fingerprint ?? (await page.fingerprint(el.id))) : null;
  const how = { last: endsQuietly(run, index, browserAction), inPage: typesInPage(step, browserAction), ...(hold ? { decide: hold.decide } : {}) };
  const result = await actWithRetry(run, step, action, browserAction, el, judged.guard, how);
  const asked = hold?.question();
  if (asked) return asked;
  if (hold) run.lastHeld = { index, question: hold.question };
  if (!result.ok) return { status: 'asked', message: `The ${action.kind} on ${el?.line || 'the page'} did not work: ${result.message}` };
  run.focused = focusAfter(run, browserAction, el, result);
  const wrong = await postconditions(run, step, action, el, result, before);
  if (wrong) return wrong;
  if (el?.healed) await keepRepair(run, index, step, fp, { byModel: el.strategy === 'model', name: el.name, line: el.line, guessed: !!el.guessed });
  else if (el?.foreign) await writeBack(run, index, fp);
  const downloads = result.change.downloads?.length ? { downloads: result.change.downloads } : {};
  return { status: el?.healed ? 'healed' : 'done', strategy: el?.strategy ?? null, element: el?.line ?? '', message: renamedNote(step, el), ...downloads };
}

/**
 * The gate judges the element as the page found it for this attempt (not from a match a few polls
 * ago); a repaired step gets no consent from the recording. A bare key is judged by the element
 * that has the focus now, as the page says (as the agent judges it): after a Tab, that is not the
 * element the last step acted on. The facts judged come back as the guard: the page refuses to
 * act if the element stops matching them.
 */
async function judge(run: ReplayRun, index: number, step: WorkflowStep, action: BrowserAction, el: Found | null, url: string, seen: { requestsHeld: boolean; liveConnection?: string | null }): Promise<{ guard?: string; info?: ElementInfo | null } | StepOutcome> {
  if (!el && action.kind !== 'press') return {};
  // the facts the resolver read with the match are as fresh as a second look; the page checks them again as it acts
  const info = el ? (el.info ?? (await run.ports.page.describe(el.id))) : await focusedNow(run);
  if (el && !info) return { status: 'asked', message: `The element of "${step.intent}" left the page before it could be checked.` };
  const stop = gateQuestion(run.state, { workflow: run.wf, secretNames: run.secretNames, index, step, action: action as AgentAction, el: info, url, repaired: !!el?.healed, ...seen });
  if (stop) return stop;
  return el ? { guard: info?.facts, info } : { info };
}

/**
 * What a bare key goes to: the element with the focus now, as the page says; a page port that
 * cannot say falls back on the element the last step acted on, if focus has not moved since.
 */
async function focusedNow(run: ReplayRun): Promise<ElementInfo | null> {
  const { page } = run.ports;
  if (page.describeFocused) return page.describeFocused();
  return run.focused !== undefined ? page.describe(run.focused) : null;
}

/**
 * The element that has the focus after the step, as far as the replay knows without asking: the
 * one acted on, unless the page moved on or a Tab moved the focus (to an element only the page
 * can name: `focusedNow` asks it).
 */
function focusAfter(run: ReplayRun, action: BrowserAction, el: Found | null, result: Extract<ActionResult, { ok: true }>): number | undefined {
  if (result.change.kind === 'navigation') return undefined;
  if (action.kind === 'press' && movesFocus(action.keys)) return undefined;
  return el?.id ?? run.focused;
}

const movesFocus = (keys: string) => {
  const read = readKeys(keys);
  return !read.ok || read.chords.some((c) => c.key.key === 'Tab');
};

/**
 * An element found while it is still being shown (a menu opening, a list sliding in) refuses the
 * input without receiving it: wait and try again, up to the step's time to find its element.
 */
async function actWithRetry(run: ReplayRun, step: WorkflowStep, action: Filled, first: BrowserAction, el: Found | null, guard: string | undefined, how: ActHow): Promise<ActionResult> {
  const { ports, opts } = run;
  const { page } = ports;
  let result = await page.act(first, guard, aimedFor(el, first), how);
  let id = el?.id;
  const retryUntil = ports.now() + opts.resolveTimeoutMs;
  while (!result.ok && RETRYABLE.has(result.code) && ports.now() < retryUntil) {
    await ports.sleep(opts.pollMs);
    if (el && el.strategy !== 'model' && step.target) {
      const again = el.foreign && step.recorder && page.resolveSelectors ? await page.resolveSelectors(step.recorder.selectors, step.recorder.frame) : await page.resolve(step.target);
      if (!again.ok || again.tag !== el.tag) continue;
      id = again.id;
    }
    result = await page.act(browserActionFor(action, id, el?.tag ?? '') ?? first, undefined, undefined, how);
  }
  return result;
}

/**
 * The workflow's last step, typing, ticking, picking or hovering: no step reads the page after it,
 * so the replay is done once the action's own handlers have run, with a short window for what
 * they start (a handler's form.submit() begins its navigation a task later). Not a click or a
 * key: they submit forms and follow links as a matter of course, and wait the full window.
 */
function endsQuietly(run: ReplayRun, index: number, action: BrowserAction): boolean {
  return index === run.wf.steps.length - 1 && ['type', 'clear', 'select', 'check', 'hover'].includes(action.kind);
}

/** The look's aim, when it was taken for this very action on this element (a retry aims again). */
function aimedFor(el: Found | null, action: BrowserAction): AimedTarget | undefined {
  if (!el?.aim || !('id' in action) || action.id !== el.id || aimPurposeOf(action) !== el.aim.purpose) return undefined;
  const { x, y, skip, native, info } = el.aim;
  return { id: el.id, x, y, skip, native, info, at: el.aim.at };
}

async function postconditions(run: ReplayRun, step: WorkflowStep, action: Filled, el: Found | null, result: Extract<ActionResult, { ok: true }>, before: string): Promise<StepOutcome | null> {
  if (el && (action.kind === 'type' || action.kind === 'check') && result.change.kind !== 'navigation') {
    const st = await run.ports.page.fieldState(el.id);
    if (st && action.kind === 'check' && st.checked !== null && st.checked !== action.checked) {
      return { status: 'asked', message: `After the click, ${el.line} is ${st.checked ? 'ticked' : 'not ticked'}, which is not what the step wants.` };
    }
    if (st && action.kind === 'type' && el.tag !== 'select') {
      const ok = st.value === undefined ? st.filled || action.value === '' : valueShows(st.value, action.value);
      if (!ok) return { status: 'asked', message: `After typing, ${el.line} does not hold the value the step typed.` };
    }
  }
  if (!step.after.navigates) return null;
  const target = step.after.path;
  const url = await waitForUrl(run, (u) => (target ? pathOf(u) === target : u !== before), run.opts.navigationTimeoutMs);
  if (target ? pathOf(url) !== target : url === before) return { status: 'asked', message: `The step should have led to ${target ?? 'another page'}; the tab is still on ${pathOf(url)}.` };
  return null;
}

/**
 * A step whose element the page names otherwise now: its line says so ("it now reads “Log in”"), since
 * the recorded words ("Click the “Sign in” button") are not what the page showed.
 */
function renamedNote(step: WorkflowStep, el: Found | null): string {
  const was = (step.target?.name ?? '').trim();
  const now = (el?.name ?? '').replace(/\s+/g, ' ').trim();
  return el?.healed && was && now && now.toLowerCase() !== was.toLowerCase() ? `it now reads “${now.slice(0, 60)}”` : '';
}
