import { readRun } from './run-store';
import type { ModelChoice } from '../../shared/settings';
import { db } from '../../storage/db';
import { configurationProblem, loadSettings } from '../settings-store';
import { choiceInWords, withModel } from './model-choice';
import { liveRun, type createRunner } from './runner';

type Runner = ReturnType<typeof createRunner>;

/** Did the run end on an error it can continue from (a provider error, a timeout)? */
async function endedResumable(runId: string): Promise<boolean> {
  const events = await db().events.where('runId').equals(runId).toArray();
  const end = events.filter((e) => e.type === 'error' || e.type === 'done' || e.type === 'stopped').sort((a, b) => a.seq - b.seq).at(-1);
  return end?.type === 'error' && end.resumable;
}

/**
 * "Retry with another model": a run that stopped on a resumable error continues from its last
 * saved step with the chosen model; any other ended run is asked again, from the start, in the
 * same chat. The choice is for this retry only; a choice that cannot work says why and runs nothing.
 */
export async function retryWithModel(runner: Runner, runId: string, choice: ModelChoice): Promise<{ ok: boolean; message: string }> {
  if (liveRun(runId)) return { ok: false, message: 'That task is still running: stop it first.' };
  const stored = await readRun(runId);
  const record = stored?.record;
  const run = stored?.state && { data: stored.state };
  if (!record || !run) return { ok: false, message: 'That task is not stored any more, so it cannot be retried.' };
  const settings = withModel(await loadSettings(), choice);
  const problem = configurationProblem(settings);
  if (problem) return { ok: false, message: problem };
  const name = choiceInWords(settings);
  if (record.status === 'error' && (await endedResumable(runId))) {
    await runner.resume(runId, choice);
    return { ok: true, message: `Continuing with ${name}.` };
  }
  await runner.chat(record.tabId, record.chatId, run.data.task, choice);
  return { ok: true, message: `Trying the task again with ${name}.` };
}
