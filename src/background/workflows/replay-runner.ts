import type { ConfirmAnswer, RunEvent } from '../../shared/run-events';
import { runReplay } from '../../workflows/replay/engine';
import { questionKey } from '../../workflows/replay/consent';
import { ReplayState } from '../../workflows/replay/state';
import { db } from '../../storage/db';
import { eventSink } from '../agent/event-sink';
import { holdAlive } from '../agent/keepalive';
import type { StoredRun, TabGone } from '../runs/host';
import { releaseInput } from '../executor/debugger';
import { clientFor } from '../providers';
import { loadSettings } from '../settings-store';
import type { Settings } from '../../shared/settings';
import { releaseReplayTabs, replayTabs } from './replay-tabs';
import { loadWorkflow, putWorkflow } from './store';
import type { Workflow } from '../../shared/workflow';
import { dropSecrets, openSecrets, sealSecrets } from '../secrets/sealed';
import { dropAttachments } from '../runs/attachments';
import { endReplayPresence, replayEvents, replayPageShown } from './replay-presence';

/**
 * Starts and controls workflow replays. A replay's state lives in db.runs, kind 'replay' (written after every
 * step); this module only keeps the control flags of replays running in this worker's lifetime.
 * Secret values are sealed as an agent run's are (src/background/secrets/sealed.ts), so a replay
 * resumed after a worker restart still has them.
 */
const controls = new Map<string, 'run' | 'pause' | 'stop'>();
const running = new Set<string>();
const LIVE = ['running', 'paused', 'waiting'];

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));


async function loadState(replayId: string): Promise<ReplayState | undefined> {
  const record = await db().runs.get(replayId);
  if (record?.kind !== 'replay') return undefined;
  const parsed = ReplayState.safeParse(record.state);
  if (!parsed.success) console.error(`replay ${replayId}: its stored state does not parse`, parsed.error.issues.slice(0, 3));
  return parsed.success ? parsed.data : undefined;
}

async function saveState(s: ReplayState): Promise<void> {
  await db().runs.put({ runId: s.replayId, kind: 'replay', chatId: s.chatId ?? '', tabId: s.tabId, status: s.status, updatedAt: s.updatedAt, state: s });
}

/** An event outside the engine (a skip, a stop after a restart), numbered after the stored ones. */
async function emitAfter(s: ReplayState, body: Record<string, unknown>): Promise<ReplayState> {
  const next = stamp(s, body);
  await saveState(next);
  return next;
}

/**
 * Sends the event and returns the state that counts it, unsaved: an answer or a skip that goes on
 * running is stored once, as running, so the panel never sees a waiting replay with no question.
 */
function stamp(s: ReplayState, body: Record<string, unknown>): ReplayState {
  const next = { ...s, seq: s.seq + 1, updatedAt: Date.now() };
  eventSink(s.chatId)({ ...body, runId: s.replayId, seq: next.seq, time: Date.now() } as RunEvent);
  return next;
}

/** Told when a replay stops running (done, waiting, paused, failed, stopped): the schedules settle their runs. */
const endListeners: ((s: ReplayState) => Promise<void>)[] = [];
export function onReplayEnd(listener: (s: ReplayState) => Promise<void>): void {
  endListeners.push(listener);
}
function ended(s: ReplayState): void {
  // the files chosen for it go when it is over (a waiting or paused replay keeps them for its step)
  if (!LIVE.includes(s.status)) void dropAttachments(s.replayId).catch((e) => console.error('could not drop a replay\'s files', e));
  for (const l of endListeners) void l(s).catch((e) => console.error('a replay end listener failed', e));
}

/** The drive of each replay this worker runs, so an answer can wait for one that is finishing. */
const drives = new Map<string, Promise<void>>();

/** What the caller (a start, a resume) has just written and read: the drive need not read it back. */
type Fresh = {
  state: ReplayState;
  workflow?: Workflow;
  settings?: Settings;
  secrets?: Record<string, string>;
  /** the highest tab id when the replay started: a tab a step opens is newer */
  newestTab?: number;
  /** the start page the start opened, loading: the first step waits for it */
  opening?: Promise<unknown>;
};

function drive(replayId: string, fresh?: Fresh): Promise<void> {
  const going = drives.get(replayId);
  if (going) return going;
  const p = driveOnce(replayId, fresh).finally(() => drives.delete(replayId));
  drives.set(replayId, p);
  return p;
}

/**
 * The stored state says "waiting" a moment before the drive that saved it returns: an answer, a
 * skip or a stop in that moment waits for it instead of being refused (or, for a stop, lost).
 */
async function afterSettledDrive(replayId: string): Promise<void> {
  const going = drives.get(replayId);
  if (!going) return;
  const state = await loadState(replayId);
  if (state && state.status !== 'running') await going.catch(() => {});
}

async function driveOnce(replayId: string, fresh?: Fresh): Promise<void> {
  if (running.has(replayId)) return;
  running.add(replayId);
  const release = holdAlive(replayId);
  try {
    const state = fresh?.state ?? (await loadState(replayId));
    if (!state) return;
    // the start page still loading (`opening`) is waited for by the engine, after the replay has
    // said it started: what comes before its first step is done while the page loads
    const [workflow, settings, secrets] = await Promise.all([fresh?.workflow ?? loadWorkflow(state.workflowId), fresh?.settings ?? loadSettings(), fresh?.secrets ?? openSecrets(replayId)]);
    if (!workflow) {
      ended(await emitAfter({ ...state, status: 'failed', message: 'The workflow was deleted, so the replay ended.' }, { type: 'error', kind: 'workflow_gone', message: 'The workflow was deleted, so the replay ended.', resumable: false }));
      await dropSecrets(replayId);
      return;
    }
    let llm;
    try {
      llm = state.noModel ? undefined : clientFor(settings);
    } catch {
      llm = undefined; // no provider set up: steps that need healing stop and ask instead
    }
    // the page follows the replay into a tab a step opened, and the overlay goes with it
    const routed = replayTabs(replayId, state.tabId, fresh?.newestTab);
    const end = await runReplay(state, workflow, {
      tabs: routed.tabs,
      page: replayPageShown(routed.page, routed.currentTabId, replayId),
      llm,
      saveWorkflow: putWorkflow,
      saveState,
      secrets: () => secrets,
      // a value found to be typed into a password field: a secret of this replay from then on, kept as the others are
      keepSecret: async (name, value) => {
        secrets[name] = value;
        await sealSecrets(replayId, secrets);
      },
      control: () => controls.get(replayId) ?? 'run',
      emit: replayEvents(state.tabId, eventSink(state.chatId), routed.currentTabId),
      now: Date.now,
      sleep,
      opening: fresh?.opening,
    });
    // a Stop that came while the last step was under way finds the replay waiting or paused, not
    // before a next step: it is carried out here rather than lost with the control
    let last = end;
    if (controls.get(replayId) === 'stop' && LIVE.includes(end.status)) {
      last = await emitAfter({ ...end, status: 'stopped', message: 'Stopped.' }, { type: 'stopped', reason: 'stopped by you' });
      await dropSecrets(replayId);
    } else if (!LIVE.includes(end.status)) await dropSecrets(replayId);
    controls.delete(replayId);
    ended(last);
  } catch (error) {
    console.error('replay ended with an unexpected error', error);
    const state = await loadState(replayId);
    if (state) ended(await emitAfter({ ...state, status: 'waiting', message: String((error as Error)?.message ?? error) }, { type: 'error', kind: 'replay', message: String((error as Error)?.message ?? error), resumable: true }));
  } finally {
    running.delete(replayId);
    release();
    await endReplayPresence(replayId);
    // no tab is left under the debugger's control, but while the safety gate waits for the person's
    // answer: its step acts as soon as the answer comes, and the page does not jump twice as
    // Chrome's debugging bar goes and comes back (an unanswered question lets go after the idle time)
    void db().runs.get(replayId).then((r) => r && Promise.all([askingNow(r) ? undefined : releaseInput(r.tabId), releaseReplayTabs(replayId, r.tabId, !LIVE.includes(r.status))]));
  }
}

/** A replay waiting for the answer to its safety question (not one that failed or was refused). */
function askingNow(r: { status: string; state: unknown }): boolean {
  return r.status === 'waiting' && !!(r.state as Partial<ReplayState> | undefined)?.confirm;
}

/**
 * A new replay, its state written by the start (./replay-start.ts), begins to drive. What the
 * start has read and opened is handed over: the settings, the secrets, the highest tab id, and
 * the start page still loading, which the engine waits for before its first step.
 */
export function launchReplay(fresh: Fresh): void {
  controls.set(fresh.state.replayId, 'run');
  void drive(fresh.state.replayId, fresh);
}

export { saveState, LIVE };

type Ack = { ok: boolean; message: string };

export function pauseReplay(replayId: string): Ack {
  if (!running.has(replayId)) return { ok: false, message: 'That replay is not running.' };
  controls.set(replayId, 'pause');
  return { ok: true, message: 'Pausing before the next step.' };
}

/** `read`: the state the caller has just read, after the drive settled: not read again. */
async function continueReplay(replayId: string, change: (s: ReplayState) => ReplayState | Promise<ReplayState>, read?: ReplayState): Promise<Ack> {
  if (!read) await afterSettledDrive(replayId);
  if (running.has(replayId)) return { ok: false, message: 'That replay is already running.' };
  const state = read ?? (await loadState(replayId));
  if (!state || !['paused', 'waiting'].includes(state.status)) return { ok: false, message: 'That replay is not paused or waiting.' };
  const next = await change({ ...state, status: 'running' });
  await saveState(next);
  controls.set(replayId, 'run');
  void drive(replayId, { state: next });
  return { ok: true, message: '' };
}

// Retrying or stepping past an open question drops it: the step runs again and asks again if it must.
export const resumeReplay = (replayId: string) => continueReplay(replayId, (s) => ({ ...s, stepMode: false, confirm: undefined }));
export const stepReplay = (replayId: string) => continueReplay(replayId, (s) => ({ ...s, stepMode: true, confirm: undefined }));

/**
 * The person's answer to the replay's safety question. "once" lets that step's next attempt
 * through for that question only; "run" also allows the category for the rest of this replay,
 * unless it cannot be undone (payments, sending, deleting ask at every step); "refuse" leaves the
 * replay waiting at the step (skip it or stop), except on the resolver's guess, where it is "Pick
 * another": the step runs again and offers the next candidate.
 */
export async function answerConfirm(replayId: string, requestId: string, answer: ConfirmAnswer): Promise<Ack> {
  await afterSettledDrive(replayId);
  const state = await loadState(replayId);
  const request = state?.confirm;
  if (!state || state.status !== 'waiting' || !request || request.id !== requestId) {
    return { ok: false, message: 'That question is no longer pending (the replay moved on or stopped).' };
  }
  const answered = stamp({ ...state, confirm: undefined }, { type: 'confirmation_answered', requestId, answer, ...(request.guess ? { guess: true } : {}) });
  // "Pick another" on the resolver's guess: the step looks again and offers the next of its best
  if (answer === 'refuse' && request.guess && state.healHit?.index === state.index) {
    const ids = [...(state.notThese?.index === state.index ? state.notThese.ids : []), state.healHit.id];
    return continueReplay(replayId, () => ({ ...answered, status: 'running', healHit: undefined, notThese: { index: state.index, ids } }), state);
  }
  if (answer === 'refuse') {
    await Promise.all([saveState({ ...answered, message: `You refused step ${state.index + 1}. Skip it or stop the replay.` }), releaseInput(state.tabId)]);
    return { ok: true, message: '' };
  }
  const approvals = answer === 'run' && request.rememberable && !request.irreversible && !answered.approvals.includes(request.category) ? [...answered.approvals, request.category] : answered.approvals;
  return continueReplay(replayId, () => ({ ...answered, status: 'running', approvals, approved: { index: state.index, key: questionKey(request) } }), state);
}

/** Writes a repair the replay made into the workflow (the person looked at it), or forgets it. */
export async function keepRepair(replayId: string, index: number, keep: boolean): Promise<Ack> {
  await afterSettledDrive(replayId);
  const state = await loadState(replayId);
  const repair = state?.repairs.find((r) => r.index === index);
  if (!state || !repair) return { ok: false, message: 'That repair is not pending any more.' };
  if (running.has(replayId)) return { ok: false, message: 'Answer this when the replay has paused or finished.' };
  if (keep) {
    const workflow = await loadWorkflow(state.workflowId);
    if (!workflow) return { ok: false, message: 'That workflow is not stored any more.' };
    const steps = workflow.steps.map((s) => (s.id === repair.stepId ? { ...s, target: repair.fingerprint } : s));
    await putWorkflow({ ...workflow, steps, updatedAt: Date.now() });
  }
  await saveState({ ...state, repairs: state.repairs.filter((r) => r.index !== index) });
  return { ok: true, message: keep ? `Step ${index + 1} will use the repaired element from now on.` : '' };
}

export async function skipStep(replayId: string): Promise<Ack> {
  await afterSettledDrive(replayId);
  const state = await loadState(replayId);
  if (!state || state.status !== 'waiting') return { ok: false, message: 'Only a step the replay stopped at can be skipped.' };
  const workflow = await loadWorkflow(state.workflowId);
  const intent = workflow?.steps[state.index]?.intent ?? '';
  const skipped = stamp(state, { type: 'replay_step', index: state.index, intent, status: 'skipped', strategy: null, message: 'skipped by you' });
  return continueReplay(replayId, () => ({ ...skipped, status: 'running', confirm: undefined, approved: undefined, index: state.index + 1, log: [...state.log, { index: state.index, status: 'skipped', strategy: null, element: '' }] }));
}

export async function stopReplay(replayId: string): Promise<Ack> {
  await afterSettledDrive(replayId);
  if (running.has(replayId)) {
    controls.set(replayId, 'stop');
    return { ok: true, message: 'Stopping before the next step.' };
  }
  const state = await loadState(replayId);
  if (state && LIVE.includes(state.status)) {
    ended(await emitAfter({ ...state, status: 'stopped', message: 'Stopped.' }, { type: 'stopped', reason: 'stopped by you' }));
    await Promise.all([dropSecrets(replayId), releaseInput(state.tabId)]);
  } else if (!state) {
    // a state that no longer reads still must not hold the tab: the record alone says stopped
    await db().runs.where('runId').equals(replayId).filter((r) => r.kind === 'replay' && LIVE.includes(r.status)).modify({ status: 'stopped' });
    await dropSecrets(replayId);
  }
  return { ok: true, message: 'Stopped.' };
}

/** Replays stored as running that no drive in this worker is running (the worker restarted). */
export async function interruptedReplays(): Promise<StoredRun[]> {
  const records = await db().runs.where('status').equals('running').filter((r) => r.kind === 'replay').toArray();
  return records.filter((r) => !running.has(r.runId)).map((r) => ({ id: r.runId, tabId: r.tabId }));
}

/** A replay interrupted by a worker restart goes on from its persisted step. */
export async function resumeInterruptedReplay(replayId: string): Promise<void> {
  if (!(await loadState(replayId))) return;
  controls.set(replayId, 'run');
  void drive(replayId);
}

/** A replay interrupted by a worker restart whose tab is gone ends, saying why. */
export async function endReplayTabGone(replayId: string, why: TabGone): Promise<void> {
  const state = await loadState(replayId);
  if (!state) return;
  ended(await emitAfter({ ...state, status: 'failed', message: why.short }, { type: 'error', kind: 'tab_closed', message: why.message, resumable: false }));
  await dropSecrets(replayId);
}
