import type { Fingerprint } from '../../shared/fingerprint';
import type { AgentAction } from '../../shared/action';
import type { ConfirmRequest, RunEventBody } from '../../shared/run-events';
import type { Workflow, WorkflowStep } from '../../shared/workflow';
import { LlmError } from '../../shared/llm';
import { fillAction, referencedNames, actionStrings } from '../fill';
import { hostOf, parseUrl, pathOf } from '../text';
import { sameSite } from '../../shared/site';
import { secretProblem, siteProblem } from '../rules';
import { closeToRecorded } from './similar';
import { gateQuestion, renameQuestion } from './questions';
import { bestStrategy, browserActionFor, enterStepTab, typesSecret, valueShows } from './actions';
import { askModelToHeal } from './heal';
import { DEFAULT_REPLAY_OPTIONS, type ReplayOptions, type ReplayPorts, type Resolution } from './ports';
import { roleFitsAction, sameRoleFamily } from './roles';
import type { ReplayLogEntry, ReplayState } from './state';
import { resolveForeign, secretFromFile, waitForeign } from '../chrome-recorder/replay';
import { replayExtract } from './extract-step';

/** Action failures that mean the input never reached the element (nothing happened), so a retry is safe. */
const RETRYABLE = new Set(['covered', 'hidden', 'detached', 'unknown_id', 'disabled']);

type StepOutcome =
  | { status: 'done' | 'healed' | 'skipped'; strategy: ReplayLogEntry['strategy']; element: string; message: string }
  | { status: 'asked' | 'failed'; message: string; terminal?: { kind: string }; confirm?: ConfirmRequest };

/**
 * Replays a workflow from `state.index` until it ends, pauses, or needs the person. Pure: the page,
 * the model, storage and the clock are ports. Every step checks where the page is before acting,
 * finds its element (the page resolver demands agreement; see src/content/replay), passes the
 * safety gate with the element's facts read just before acting (./consent.ts), acts through the
 * executor and checks the effect. A step whose element is not found with certainty gets one model
 * call; a confident answer that fits the step and names an element close to the recorded one is
 * gated and acted on, and offered to the person to keep (state.repairs), so that the next replay
 * needs no call. Anything less stops and asks: the replay never guesses.
 */
export async function runReplay(initial: ReplayState, workflow: Workflow, ports: ReplayPorts, options: Partial<ReplayOptions> = {}): Promise<ReplayState> {
  const opts = { ...DEFAULT_REPLAY_OPTIONS, ...options };
  const state: ReplayState = { ...initial, log: [...initial.log], status: 'running', message: '' };
  let wf = workflow;
  /** the element the last step acted on while the page stayed: a bare key press goes to it (it has the focus) */
  let focused: number | undefined;
  const { page } = ports;

  const emit = (body: RunEventBody) => {
    state.seq += 1;
    ports.emit({ ...body, runId: state.replayId, seq: state.seq, time: ports.now() } as Parameters<ReplayPorts['emit']>[0]);
  };
  const save = async () => {
    state.updatedAt = ports.now();
    await ports.saveState({ ...state, log: [...state.log] });
  };
  const secretNames = new Set(wf.variables.filter((v) => v.secret).map((v) => v.name));

  // A stored workflow was checked when it was saved; checked again here, before anything happens.
  const unsafe = secretProblem(wf) ?? siteProblem(wf);
  if (unsafe) {
    emit({ type: 'error', kind: 'unsafe_workflow', message: `This workflow cannot run: ${unsafe}.`, resumable: false });
    state.status = 'failed';
    state.message = `This workflow cannot run: ${unsafe}.`;
    await save();
    return state;
  }

  if (state.seq === 0) {
    const shown = Object.fromEntries(wf.variables.map((v) => [v.name, v.secret ? '••••' : (state.values[v.name] ?? '')]));
    emit({ type: 'replay_started', workflowId: wf.id, name: wf.name, values: shown, steps: wf.steps.length });
  } else emit({ type: 'resumed' });
  await save();

  async function waitFor(test: (url: string) => boolean, timeoutMs: number): Promise<string> {
    const deadline = ports.now() + timeoutMs;
    let url = await page.url();
    while (!test(url) && ports.now() < deadline) {
      await ports.sleep(opts.pollMs);
      url = await page.url();
    }
    return url;
  }

  async function resolveWithin(step: WorkflowStep, timeoutMs: number): Promise<Resolution> {
    const deadline = ports.now() + timeoutMs;
    let same = { message: '', since: ports.now() };
    for (;;) {
      const r = await page.resolve(step.target!);
      // An element that does not fit the action (a recorded field that came back as a button) is no match.
      if (r.ok && !roleFitsAction(step.action.kind, r.role) && r.tag !== 'select') {
        return { ok: false, reason: 'disagree', message: `the element found (${r.line}) cannot be used to ${step.action.kind}` };
      }
      if (r.ok || ports.now() >= deadline) return r;
      // Candidates that do not agree and stay the same (a relabelled page, not a loading one) will
      // not agree later: stop waiting sooner. Nothing found at all waits the whole time.
      if (r.message !== same.message) same = { message: r.message, since: ports.now() };
      else if (r.reason !== 'not_found' && ports.now() - same.since >= opts.unchangedMs) return r;
      await ports.sleep(opts.pollMs);
    }
  }

  /** The step's one model call; an id comes back only when the answer is confident and fits. */
  async function heal(step: WorkflowStep, why: string): Promise<{ ok: true; id: number; tag: string; line: string; name: string; renamed: boolean } | { ok: false; message: string }> {
    if (!ports.llm) return { ok: false, message: why };
    state.modelCalls += 1;
    await save();
    let answer;
    try {
      answer = await askModelToHeal(ports.llm, step, await page.snapshot(), why);
    } catch (e) {
      const detail = e instanceof LlmError ? e.message : String((e as Error)?.message ?? e);
      return { ok: false, message: `${why}; asking the model failed (${detail})` };
    }
    if (!answer.ok) return { ok: false, message: `${why}; ${answer.reason}` };
    const info = await page.describe(answer.id);
    if (!info) return { ok: false, message: `${why}; the model named element ${answer.id}, which is not on the page` };
    const secretStep = typesSecret(step, secretNames);
    const fits =
      (roleFitsAction(step.action.kind, info.role) || info.tag === 'select') &&
      sameRoleFamily(step.target?.role ?? '', info.role) &&
      (step.action.kind !== 'type' || info.secret === secretStep);
    if (!fits) return { ok: false, message: `${why}; the model pointed at ${info.line}, which does not fit the step` };
    // A page can word itself so the model picks another control ("Delete all" for "Save"): a
    // repair whose name is not close to the recorded one is used only once the person agrees.
    return { ok: true, id: info.id, tag: info.tag, line: info.line, name: info.name, renamed: !closeToRecorded(step.target, info.name) };
  }


  /**
   * A repair is written into the workflow at once only when the element found has the recorded
   * name (a changed id or path). A model's pick, or an element under another name, is used for
   * this replay and offered to the person to keep: the next replays would click it with no call.
   */
  async function keepRepair(index: number, step: WorkflowStep, fp: Fingerprint | null, byModel: boolean, name: string, line: string): Promise<void> {
    if (!fp) return;
    if (!byModel && closeToRecorded(step.target, name)) return writeBack(index, fp);
    state.repairs = [...state.repairs.filter((r) => r.index !== index), { index, stepId: step.id, line, fingerprint: fp }];
  }

  async function writeBack(index: number, fp: Fingerprint | null): Promise<void> {
    if (!fp) return;
    // an imported step that ran on its selectors now carries a full fingerprint: later replays use it
    const steps = wf.steps.map((s, i) => (i === index ? { ...s, target: fp, ...(s.recorder ? { recorder: { ...s.recorder, learned: true } } : {}) } : s));
    wf = { ...wf, steps, updatedAt: ports.now() };
    await ports.saveWorkflow(wf);
  }

  /** The safety decision for a step about to act; an outcome when it must not act now. */
  const gate = (index: number, step: WorkflowStep, action: AgentAction, el: Awaited<ReturnType<typeof page.describe>>, url: string, repaired: boolean) =>
    gateQuestion(state, { workflow: wf, secretNames, index, step, action, el, url, repaired });

  async function runStep(step: WorkflowStep, index: number): Promise<StepOutcome> {
    const values = { ...state.values, ...ports.secrets() };
    const missing = actionStrings(step.action).flatMap(referencedNames).filter((n) => values[n] === undefined);
    if (missing.length) return { status: 'asked', message: `No value for ${missing.map((m) => `{{${m}}}`).join(', ')} (secret values are not kept across a restart); start the replay again.` };
    const action = fillAction(step.action, values);
    const before = await page.url();

    // Precondition: the right site (before every step: after a pause or a restart the person may
    // have taken the tab elsewhere), then the page the step was recorded on.
    if (action.kind !== 'navigate' && !sameSite(before, wf.site)) {
      if (state.log.length > 0) return { status: 'asked', message: `The tab left ${wf.site} (it shows ${hostOf(before) || before}); go back and retry the step, or stop.` };
      return {
        status: 'failed',
        message: `This workflow is for ${wf.site}, but the tab shows ${hostOf(before) || before}. Open ${wf.startUrl} and start it again; nothing was done.`,
        terminal: { kind: 'wrong_site' },
      };
    }
    if (action.kind === 'navigate') {
      const to = parseUrl(action.url, before);
      const here = parseUrl(before);
      if (to && here && to.origin === here.origin && to.pathname === here.pathname) return { status: 'skipped', strategy: null, element: '', message: 'already on that page' };
      const stop = await gate(index, step, { kind: 'navigate', url: action.url }, null, before, false);
      if (stop) return stop;
      const r = await page.act({ kind: 'navigate', url: action.url });
      if (!r.ok) return { status: 'asked', message: `Could not open ${action.url}: ${r.message}` };
      focused = undefined;
      return { status: 'done', strategy: null, element: '', message: '' };
    }
    if (step.before?.path) {
      const url = await waitFor((u) => pathOf(u) === step.before!.path, opts.navigationTimeoutMs);
      if (pathOf(url) !== step.before.path) return { status: 'asked', message: `This step was recorded on ${step.before.path}, but the tab is on ${pathOf(url)}.` };
    }

    if (action.kind === 'extract') return extractStep(index, step, action, before);

    let id: number | undefined;
    let tag = '';
    let line = '';
    let name = '';
    let strategy: ReplayLogEntry['strategy'] = null;
    let healed = false;
    let renamed = false; // the model's pick carries another name: the person decides
    const clock = { now: ports.now, sleep: ports.sleep };
    // Chrome Recorder steps that need no element of ours: a wait on selectors, a scroll.
    if (step.recorder?.wait) {
      const w = await waitForeign(page, step, clock, opts);
      return w.met ? { status: 'done', strategy: null, element: '', message: '' } : { status: 'asked', message: `${w.message}.` };
    }
    if (action.kind === 'scroll') {
      const r = page.scrollTo ? await page.scrollTo(step.recorder?.selectors ?? [], step.recorder?.frame ?? [], action.x, action.y) : { ok: false, message: 'scrolling is not available' };
      return r.ok ? { status: 'done', strategy: null, element: '', message: '' } : { status: 'asked', message: `Could not scroll: ${r.message}.` };
    }
    /** an imported step found by its file's selectors, not yet by a fingerprint of ours */
    let foreign = false;
    if (step.target) {
      const onSelectors = !!step.recorder?.selectors.length && !step.recorder.learned;
      let found = onSelectors ? await resolveForeign(page, step, clock, opts) : await resolveWithin(step, action.kind === 'wait' ? action.timeoutMs : opts.resolveTimeoutMs);
      // a learned fingerprint that no longer agrees falls back to the file's selectors before healing
      if (!found.ok && !onSelectors && step.recorder?.selectors.length && page.resolveSelectors) {
        // one look: the fingerprint's resolution already waited for the page
        const again = await page.resolveSelectors(step.recorder.selectors, step.recorder.frame);
        if (again.ok) found = again;
      }
      foreign = found.ok && !!step.recorder?.selectors.length && (onSelectors || found.strategy !== bestStrategy(step.target));
      // A secret is typed only into a secret field, and a secret field gets only a secret: typed
      // elsewhere it would show in the page, later page models and the replay log.
      if (found.ok && onSelectors && found.secret && !typesSecret(step, secretNames)) {
        // the file's selectors hid a password field: its value becomes a secret, asked at the next run
        const turned = secretFromFile(wf, step);
        if (turned) {
          wf = { ...turned.workflow, updatedAt: ports.now() };
          await ports.saveWorkflow(wf);
          state.values = Object.fromEntries(Object.entries(state.values).filter(([k]) => k !== turned.name));
          return { status: 'failed', message: `Step ${index + 1} types into a password field: the value from the file is no longer kept. Press Run again and type it; nothing was typed.`, terminal: { kind: 'secret_needed' } };
        }
      }
      if (found.ok && step.action.kind === 'type' && !!found.secret !== typesSecret(step, secretNames)) {
        found = { ok: false, reason: 'disagree', message: found.secret ? 'the field found is a secret field, but the step types no secret' : 'the step types a secret, but the field found is not a secret field' };
      }
      if (found.ok) {
        ({ id, tag, line, strategy, name } = found);
        healed = !foreign && strategy !== bestStrategy(step.target);
      } else {
        const why = `could not find the recorded element with certainty (${found.message})`;
        if (action.kind === 'wait') return { status: 'asked', message: `Waited ${action.timeoutMs / 1000} s: ${why}.` };
        // a file's selectors that contradict each other are the person's to judge, not a model's
        if (onSelectors && found.reason === 'disagree') return { status: 'asked', message: `${cap(why)}. Check the page, then retry the step, skip it, or stop.` };
        // a step asked about after healing runs again once allowed: the same repair, no second call
        const hit = state.healHit?.index === index ? state.healHit : undefined;
        const h = hit && (await page.describe(hit.id)) ? ({ ok: true, ...hit } as const) : await heal(step, why);
        if (h.ok) state.healHit = { index, id: h.id, tag: h.tag, line: h.line, name: h.name, renamed: h.renamed };
        if (!h.ok) return { status: 'asked', message: `${cap(h.message)}. Fix the page and retry the step, skip it, or stop.` };
        renamed = h.renamed ?? false;
        ({ id, tag, line, name } = h);
        strategy = 'model';
        healed = true;
      }
    }
    if (action.kind === 'wait') return { status: 'done', strategy, element: line, message: '' };

    const chosen = browserActionFor(action, id, tag);
    const held = { ...(step.recorder?.button ? { button: step.recorder.button } : {}), ...(step.recorder?.modifiers ? { modifiers: step.recorder.modifiers } : {}) };
    const browserAction = chosen?.kind === 'click' ? { ...chosen, ...held } : chosen;
    if (!browserAction) return { status: 'asked', message: `The step "${step.intent}" has no element to act on.` };
    const ask = renamed ? renameQuestion(state, { index, step, action: browserAction as AgentAction, hidden: typesSecret(step, secretNames), pick: { line, name }, url: before }) : null;
    if (ask) return ask;
    // The gate judges the element as it is now (read in the same moment as acting, not from the
    // resolver's match a few polls ago); a repaired step gets no consent from the recording.
    let guard: string | undefined;
    if (id !== undefined || action.kind === 'press') {
      // A bare Enter is judged by the field that has the focus, as the agent judges it.
      const judged = id ?? focused;
      const el = judged !== undefined ? await page.describe(judged) : null;
      // the page refuses to act if the element stops matching what was judged
      if (id !== undefined) guard = el?.facts;
      if (id !== undefined && !el) return { status: 'asked', message: `The element of "${step.intent}" left the page before it could be checked.` };
      const stop = await gate(index, step, browserAction as AgentAction, el, before, healed);
      if (stop) return stop;
    }
    // taken before acting: a click that navigates leaves nothing to fingerprint afterwards
    const healedFp = (healed || foreign) && id !== undefined ? await page.fingerprint(id) : null;
    let result = await page.act(browserAction, guard);
    // An element found while it is still being shown (a menu opening, a list sliding in) refuses
    // the input without receiving it: wait and try again, up to the step's time to find its element.
    const retryUntil = ports.now() + opts.resolveTimeoutMs;
    while (!result.ok && RETRYABLE.has(result.code) && ports.now() < retryUntil) {
      await ports.sleep(opts.pollMs);
      if (strategy !== 'model' && step.target) {
        const again = foreign && step.recorder && page.resolveSelectors ? await page.resolveSelectors(step.recorder.selectors, step.recorder.frame) : await page.resolve(step.target);
        if (!again.ok || again.tag !== tag) continue;
        id = again.id;
      }
      result = await page.act(browserActionFor(action, id, tag) ?? browserAction);
    }
    if (!result.ok) return { status: 'asked', message: `The ${action.kind} on ${line || 'the page'} did not work: ${result.message}` };
    focused = result.change.kind === 'navigation' ? undefined : (id ?? focused);

    // Postconditions: the value is in the field, the box is (un)ticked, the page moved on.
    if (id !== undefined && (action.kind === 'type' || action.kind === 'check') && result.change.kind !== 'navigation') {
      const st = await page.fieldState(id);
      if (st && action.kind === 'check' && st.checked !== null && st.checked !== action.checked) {
        return { status: 'asked', message: `After the click, ${line} is ${st.checked ? 'ticked' : 'not ticked'}, which is not what the step wants.` };
      }
      if (st && action.kind === 'type' && tag !== 'select') {
        const ok = st.value === undefined ? st.filled || action.value === '' : valueShows(st.value, action.value);
        if (!ok) return { status: 'asked', message: `After typing, ${line} does not hold the value the step typed.` };
      }
    }
    if (step.after.navigates) {
      const target = step.after.path;
      const url = await waitFor((u) => (target ? pathOf(u) === target : u !== before), opts.navigationTimeoutMs);
      if (target ? pathOf(url) !== target : url === before) return { status: 'asked', message: `The step should have led to ${target ?? 'another page'}; the tab is still on ${pathOf(url)}.` };
    }
    if (healed) await keepRepair(index, step, healedFp, strategy === 'model', name, line);
    else if (foreign) await writeBack(index, healedFp);
    return { status: healed ? 'healed' : 'done', strategy, element: line, message: '' };
  }

  /** A table read off the page as the recording's EXTRACT read it; the next-page clicks pass the gate. */
  async function extractStep(index: number, step: WorkflowStep, action: Extract<WorkflowStep['action'], { kind: 'extract' }>, url: string): Promise<StepOutcome> {
    const out = await replayExtract(page, action, async (id) => gate(index, step, { kind: 'click', id, button: 'left', modifiers: [] }, await page.describe(id), url, false));
    if ('stop' in out) return out.stop;
    if ('message' in out) return { status: 'asked', message: `${cap(out.message)}. Retry the step, skip it, or stop.` };
    emit({ type: 'table', table: out.table });
    return { status: 'done', strategy: null, element: '', message: `${out.table.rows.length} rows from ${out.table.pages} page${out.table.pages === 1 ? '' : 's'}` };
  }

  const finish = async (status: ReplayState['status'], message = '') => {
    state.status = status;
    state.message = message;
    await save();
    return state;
  };

  while (state.index < wf.steps.length) {
    const control = ports.control();
    if (control === 'stop') {
      emit({ type: 'stopped', reason: 'stopped by you' });
      return finish('stopped', 'Stopped.');
    }
    if (control === 'pause') {
      emit({ type: 'paused' });
      return finish('paused', 'Paused before the next step.');
    }
    const index = state.index;
    const step = wf.steps[index]!;
    let outcome: StepOutcome;
    try {
      // the step's own tab first (one a target=_blank step opened): the page port follows it
      outcome = (await enterStepTab(ports, step)) ?? (await runStep(step, index));
    } catch (e) {
      outcome = { status: 'asked', message: `The step failed: ${String((e as Error)?.message ?? e)}` };
    }
    if (outcome.status === 'asked' || outcome.status === 'failed') {
      state.log.push({ index, status: outcome.status, strategy: null, element: '' });
      emit({ type: 'replay_step', index, intent: step.intent, status: outcome.status, strategy: null, message: outcome.message });
      state.confirm = outcome.confirm;
      if (outcome.confirm) emit({ type: 'confirmation_needed', request: outcome.confirm });
      if (outcome.status === 'failed' && outcome.terminal) {
        emit({ type: 'error', kind: outcome.terminal.kind, message: outcome.message, resumable: false });
        return finish('failed', outcome.message);
      }
      return finish('waiting', outcome.message);
    }
    const done = outcome as Extract<StepOutcome, { strategy: unknown }>;
    state.log.push({ index, status: done.status, strategy: done.strategy, element: done.element });
    emit({ type: 'replay_step', index, intent: step.intent, status: done.status, strategy: done.strategy, message: done.message });
    state.index = index + 1;
    state.confirm = undefined;
    state.approved = undefined;
    await save();
    if (state.stepMode && state.index < wf.steps.length) {
      emit({ type: 'paused' });
      return finish('paused', 'Step done; press Step for the next one.');
    }
  }
  const healed = state.log.filter((l) => l.status === 'healed');
  const byModel = healed.filter((l) => l.strategy === 'model').length;
  const summary = `Replayed “${wf.name}”: ${wf.steps.length} steps${healed.length ? `, ${healed.length} healed (${byModel} by the model)` : ''}.`;
  emit({ type: 'done', success: true, summary });
  return finish('done', summary);
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
