import type { WorkflowStep } from '../../shared/workflow';
import { sameSite, siteOf } from '../../shared/site';
import { fillAction, referencedNames, actionStrings } from '../fill';
import { hostOf, parseUrl, pathOf } from '../text';
import { waitForeign } from '../chrome-recorder/replay';
import { actStep } from './act-step';
import { findElement, isFound } from './find-element';
import type { AimAsk, Resolution } from './ports';
import { browserActionFor, typesInPage } from './actions';
import { aimPurposeOf } from '../../shared/page';
import { replayExtract } from './extract-step';
import { gateQuestion } from './questions';
import { cap, doneOutcome, emit, idleOutcome, type ReplayRun, type StepOutcome } from './run';
import { waitForUrl } from './waits';

type Filled = ReturnType<typeof fillAction>;

/** One step: its values, where the page is, its element, then acting (./act-step.ts). */
export async function runStep(run: ReplayRun, step: WorkflowStep, index: number): Promise<StepOutcome> {
  const values = { ...run.state.values, ...run.ports.secrets(), ...run.kept };
  const missing = actionStrings(step.action).flatMap(referencedNames).filter((n) => values[n] === undefined);
  if (missing.length) return { status: 'asked', message: `No value for ${missing.map((m) => `{{${m}}}`).join(', ')} (secret values are not kept across a restart); start the replay again.` };
  const action = fillAction(step.action, values);
  // the start opened this address (judged as this step would be): loaded once, wherever it redirected
  if (index === 0 && run.state.openedFirst && action.kind === 'navigate') return idleOutcome('opened as the replay started');
  const aim = aimAsk(run, step, action);
  const out = await lookAndAct(run, step, index, action, aim);
  // a look that aimed guards the input it expected: a step that stops before acting lets the person's own clicks through at once
  if (aim && out.status !== 'done' && out.status !== 'healed') await run.ports.page.release?.().catch(() => {});
  return out;
}

async function lookAndAct(run: ReplayRun, step: WorkflowStep, index: number, action: Filled, aim: AimAsk | undefined): Promise<StepOutcome> {
  const { page } = run.ports;
  const early = lookAhead(run, step, action, aim);
  const earlyCheck = checkAhead(run, step);
  const before = await page.url();

  const wrongPlace = await precondition(run, step, action, before);
  if (wrongPlace) return wrongPlace;
  // a look taken while the tab was still on its way to the step's page, or answered by another
  // document than the one at that address, is of the page before: looked at again
  const first = early && (!step.before?.path || pathOf(before) === step.before.path) ? early.then((r) => (r.ok && r.url !== undefined && r.url !== before ? undefined : r)) : undefined;
  if (action.kind === 'navigate') return navigateStep(run, index, step, action, before);
  if (action.kind === 'extract') return extractStep(run, index, step, action, before);
  // Chrome Recorder steps that need no element of ours: a wait on selectors, a scroll.
  if (step.recorder?.wait) {
    // as for a look: a check answered by another document than the one at that address is made again
    const onPage = !step.before?.path || pathOf(before) === step.before.path;
    const firstCheck = onPage ? earlyCheck?.then((c) => (c.url !== undefined && c.url !== before ? undefined : c)) : undefined;
    const w = await waitForeign(page, step, { now: run.ports.now, sleep: run.ports.sleep }, run.opts, firstCheck);
    return w.met ? idleOutcome() : { status: 'asked', message: `${w.message}.` };
  }
  if (action.kind === 'scroll') {
    const r = page.scrollTo ? await page.scrollTo(step.recorder?.selectors ?? [], step.recorder?.frame ?? [], action.x, action.y) : { ok: false, message: 'scrolling is not available' };
    return r.ok ? doneOutcome() : { status: 'asked', message: `Could not scroll: ${r.message}.` };
  }
  const el = step.target ? await findElement(run, step, index, action.kind === 'wait' ? action.timeoutMs : run.opts.resolveTimeoutMs, first, aim) : null;
  if (el && !isFound(el)) return el;
  if (action.kind === 'wait') return { status: 'done', strategy: el?.strategy ?? null, element: el?.line ?? '', message: '', idle: true };
  return actStep(run, index, step, action, el, before);
}

/**
 * The first look for the step's element, sent together with the question of where the tab is:
 * neither changes what the page holds (a look that aims scrolls the element into view, on the
 * step's own site and page only), and the look is used only once the tab is found on the step's
 * site and page (./find-element.ts), so the step needs one round trip to the browser fewer.
 */
function lookAhead(run: ReplayRun, step: WorkflowStep, action: Filled, aim: AimAsk | undefined): Promise<Resolution> | undefined {
  const { page } = run.ports;
  if (!step.target || action.kind === 'navigate' || action.kind === 'extract' || action.kind === 'scroll' || step.recorder?.wait) return undefined;
  const r = step.recorder;
  const look = r?.selectors.length && !r.learned ? page.resolveSelectors?.(r.selectors, r.frame, aim) : page.resolve(step.target, aim);
  // not awaited when the step stops before looking: its failure is not the step's
  look?.catch(() => {});
  return look;
}

/**
 * What a look for the step's element aims it for, so that acting needs no look of its own: the
 * action the step will take (a "change" on a recorded <select> picks an option), on the step's
 * own site and page only. None for a step that acts on no element or waits.
 */
function aimAsk(run: ReplayRun, step: WorkflowStep, action: Filled): AimAsk | undefined {
  if (!step.target || step.recorder?.wait || action.kind === 'wait') return undefined;
  const planned = browserActionFor(action, 0, step.target.tag);
  const purpose = planned && aimPurposeOf(planned);
  // typed by the page itself: no point to aim at
  if (!purpose || typesInPage(step, planned)) return undefined;
  return { purpose, ...(planned.kind === 'check' ? { checked: planned.checked } : {}), site: siteOf(run.wf.site), ...(step.before?.path ? { path: step.before.path } : {}) };
}

/**
 * A Chrome Recorder wait's first check, sent with the question of where the tab is, as the first
 * look of a step that acts is (lookAhead): it only reads the page, and counts once the tab is
 * found on the step's site and page.
 */
function checkAhead(run: ReplayRun, step: WorkflowStep): Promise<{ met: boolean; count: number; url?: string }> | undefined {
  const r = step.recorder;
  if (!r?.wait || !r.selectors.length || !run.ports.page.checkSelectors) return undefined;
  const check = run.ports.page.checkSelectors(r.selectors, r.frame, r.wait);
  check.catch(() => {});
  return check;
}

/**
 * The right site (before every step: after a pause or a restart the person may have taken the tab
 * elsewhere), then the page the step was recorded on.
 */
async function precondition(run: ReplayRun, step: WorkflowStep, action: Filled, before: string): Promise<StepOutcome | null> {
  if (action.kind === 'navigate') return null;
  const { wf } = run;
  if (!sameSite(before, wf.site)) {
    if (run.state.log.length > 0) return { status: 'asked', message: `The tab left ${wf.site} (it shows ${hostOf(before) || before}); go back and retry the step, or stop.` };
    return {
      status: 'failed',
      message: `This workflow is for ${wf.site}, but the tab shows ${hostOf(before) || before}. Open ${wf.startUrl} and start it again; nothing was done.`,
      terminal: { kind: 'wrong_site' },
    };
  }
  if (!step.before?.path) return null;
  const path = step.before.path;
  const url = await waitForUrl(run, (u) => pathOf(u) === path, run.opts.navigationTimeoutMs, before);
  return pathOf(url) === path ? null : { status: 'asked', message: `This step was recorded on ${path}, but the tab is on ${pathOf(url)}.` };
}

async function navigateStep(run: ReplayRun, index: number, step: WorkflowStep, action: Extract<Filled, { kind: 'navigate' }>, before: string): Promise<StepOutcome> {
  const to = parseUrl(action.url, before);
  const here = parseUrl(before);
  if (to && here && to.origin === here.origin && to.pathname === here.pathname) return { status: 'skipped', strategy: null, element: '', message: 'already on that page', idle: true };
  const stop = gateQuestion(run.state, { workflow: run.wf, secretNames: run.secretNames, index, step, action: { kind: 'navigate', url: action.url }, el: null, url: before, repaired: false });
  if (stop) return stop;
  const r = await run.ports.page.act({ kind: 'navigate', url: action.url });
  if (!r.ok) return { status: 'asked', message: `Could not open ${action.url}: ${r.message}` };
  run.focused = undefined;
  return doneOutcome();
}

/** A table read off the page as the recording's EXTRACT read it; the next-page clicks pass the gate. */
async function extractStep(run: ReplayRun, index: number, step: WorkflowStep, action: Extract<Filled, { kind: 'extract' }>, url: string): Promise<StepOutcome> {
  const { page } = run.ports;
  const out = await replayExtract(page, action, async (id) =>
    gateQuestion(run.state, { workflow: run.wf, secretNames: run.secretNames, index, step, action: { kind: 'click', id, button: 'left', modifiers: [] }, el: await page.describe(id), url, repaired: false }),
  );
  if ('stop' in out) return out.stop;
  if ('message' in out) return { status: 'asked', message: `${cap(out.message)}. Retry the step, skip it, or stop.` };
  emit(run, { type: 'table', table: out.table });
  return doneOutcome(`${out.table.rows.length} rows from ${out.table.pages} page${out.table.pages === 1 ? '' : 's'}`);
}
