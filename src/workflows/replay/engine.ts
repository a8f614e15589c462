import type { Workflow } from '../../shared/workflow';
import { secretProblem, siteProblem } from '../rules';
import { DEFAULT_REPLAY_OPTIONS, type ReplayOptions, type ReplayPorts } from './ports';
import { emit, finish, saveBehind, storedBeforeActing, type ReplayRun, type StepOutcome } from './run';
import type { ReplayState } from './state';
import { runStep } from './step';
import { enterStepTab } from './actions';
import { withAdvice } from './step-words';

/**
 * Replays a workflow from `state.index` until it ends, pauses, or needs the person. Pure: the page,
 * the model, storage and the clock are ports. Every step checks where the page is before acting,
 * finds its element (the page resolver demands agreement; see src/content/replay), passes the
 * safety gate with the element's facts read just before acting (./consent.ts), acts through the
 * executor and checks the effect (./step.ts, ./find-element.ts, ./act-step.ts). A step whose
 * element is not found with certainty gets one model call; a confident answer that fits the step
 * and names an element close to the recorded one is gated and acted on, and offered to the person
 * to keep (state.repairs), so that the next replay needs no call. Anything less stops and asks:
 * the replay never guesses.
 */
export async function runReplay(initial: ReplayState, workflow: Workflow, ports: ReplayPorts, options: Partial<ReplayOptions> = {}): Promise<ReplayState> {
  const run: ReplayRun = {
    state: { ...initial, log: [...initial.log], status: 'running', message: '' },
    wf: workflow,
    ports,
    opts: { ...DEFAULT_REPLAY_OPTIONS, ...options },
    secretNames: new Set(workflow.variables.filter((v) => v.secret).map((v) => v.name)),
    written: Promise.resolve(),
    progress: Promise.resolve(),
    wfWritten: Promise.resolve(),
  };
  run.ports = { ...ports, page: storedBeforeActing(run, ports.page) };
  const { state } = run;
  // A stored workflow was checked when it was saved; checked again here, before anything happens.
  const unsafe = secretProblem(workflow) ?? siteProblem(workflow);
  if (unsafe) {
    emit(run, { type: 'error', kind: 'unsafe_workflow', message: `This workflow cannot run: ${unsafe}.`, resumable: false });
    return finish(run, 'failed', `This workflow cannot run: ${unsafe}.`);
  }
  announce(run);
  // the start page loads while the replay starts; its first step looks at it once it has loaded
  await ports.opening;

  while (state.index < run.wf.steps.length) {
    const control = ports.control();
    if (control === 'stop') {
      emit(run, { type: 'stopped', reason: 'stopped by you' });
      return finish(run, 'stopped', 'Stopped.');
    }
    if (control === 'pause') {
      emit(run, { type: 'paused' });
      return finish(run, 'paused', 'Paused before the next step.');
    }
    if (run.lastHeld?.question()) return lateRefusal(run);
    const index = state.index;
    const step = run.wf.steps[index]!;
    let outcome: StepOutcome;
    try {
      // the step's own tab first (one a target=_blank step opened): the page port follows it
      outcome = (await enterStepTab(ports, step)) ?? (await runStep(run, step, index));
    } catch (e) {
      outcome = { status: 'asked', message: `The step failed: ${String((e as Error)?.message ?? e)}` };
    }
    if (!('strategy' in outcome)) return stopAt(run, index, outcome);
    state.log.push({ index, status: outcome.status, strategy: outcome.strategy, element: outcome.element });
    emit(run, { type: 'replay_step', index, intent: step.intent, status: outcome.status, strategy: outcome.strategy, message: outcome.message, ...(outcome.downloads ? { downloads: outcome.downloads } : {}) });
    state.index = index + 1;
    state.confirm = undefined;
    state.approved = undefined;
    // stored behind the next step's look, before its action (unless doing this step again would be
    // harmless); a replay that ends here stores it once, as it ends
    const goesOn = state.index < run.wf.steps.length && !state.stepMode;
    if (goesOn) saveBehind(run, outcome.idle ? 'event' : 'progress');
    if (state.stepMode && state.index < run.wf.steps.length) {
      emit(run, { type: 'paused' });
      return finish(run, 'paused', 'Step done; press Step for the next one.');
    }
  }
  if (run.lastHeld?.question()) return lateRefusal(run);
  const summary = doneSummary(run);
  emit(run, { type: 'done', success: true, summary });
  return finish(run, 'done', summary);
}

/** The end in the person's words: how many steps, and whether the page had changed so that elements were found again. */
function doneSummary(run: ReplayRun): string {
  const healed = run.state.log.filter((l) => l.status === 'healed');
  const byModel = healed.filter((l) => l.strategy === 'model').length;
  const n = healed.length;
  const found = n ? `; the page had changed, and ${n === 1 ? 'one step found its' : `${n} steps found their`} element again${byModel ? ` (${byModel} with the model's help)` : ''}` : '';
  return `Replayed “${run.wf.name}”: ${run.wf.steps.length} steps${found}.`;
}

/**
 * A request an earlier step's handler sent after that step was done, refused by its hold: the
 * replay goes back to that step and asks, and "allow once" does the step again with that request
 * let through.
 */
function lateRefusal(run: ReplayRun): Promise<ReplayState> {
  const { index, question } = run.lastHeld!;
  run.lastHeld = undefined;
  run.state.index = index;
  return stopAt(run, index, question()!);
}

/** The replay says it started (or goes on), stored behind what comes next. */
function announce(run: ReplayRun): void {
  const { state, wf } = run;
  if (state.seq === 0) {
    const shown = Object.fromEntries(wf.variables.map((v) => [v.name, v.secret ? '••••' : (state.values[v.name] ?? '')]));
    emit(run, { type: 'replay_started', workflowId: wf.id, name: wf.name, values: shown, steps: wf.steps.length });
  } else emit(run, { type: 'resumed' });
  saveBehind(run, 'event');
}

/** A step that needs the person (or cannot go on): logged, its question raised, the replay left waiting or failed. */
async function stopAt(run: ReplayRun, index: number, outcome: Extract<StepOutcome, { status: 'asked' | 'failed' }>): Promise<ReplayState> {
  const { state } = run;
  const step = run.wf.steps[index]!;
  state.log.push({ index, status: outcome.status, strategy: null, element: '' });
  // a safety question's reason names the post's raw fields (a token, a hidden id): its own line
  // ("Asked you: Press “Log in”? …") says it in words, so the step's line does not repeat it
  const said = outcome.confirm && !outcome.confirm.guess ? '' : outcome.message;
  emit(run, { type: 'replay_step', index, intent: step.intent, status: outcome.status, strategy: null, message: said });
  state.confirm = outcome.confirm;
  if (outcome.confirm) emit(run, { type: 'confirmation_needed', request: outcome.confirm });
  if (outcome.status === 'failed' && outcome.terminal) {
    emit(run, { type: 'error', kind: outcome.terminal.kind, message: outcome.message, resumable: false });
    return finish(run, 'failed', withAdvice(outcome.message, outcome.advice));
  }
  return finish(run, 'waiting', withAdvice(outcome.message, outcome.advice));
}
