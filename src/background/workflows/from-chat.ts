import { maskSecrets } from '../../agent/safety/secrets';
import { asksToRepeat, matchWorkflowRequest } from '../../workflows/chat/match';
import { valuesFromRequest } from '../../workflows/chat/values';
import { hostOf } from '../../workflows/text';
import { db } from '../../storage/db';
import { eventSink } from '../agent/event-sink';
import { clientFor } from '../providers';
import { loadSettings } from '../settings-store';
import { startReplay } from './replay-start';
import { listWorkflows } from './store';

/**
 * A chat request that names a saved workflow of the tab's site ("do the login again with user bob")
 * replays it instead of starting the agent: one small model call reads the variable values from the
 * request, the timeline shows them (replay_started, secrets masked) and the replay starts. Answers
 * null when the request names no workflow, so the agent runs as before.
 */
export async function replayFromChat(tabId: number, chatId: string, text: string): Promise<{ runId: string } | null> {
  // most messages ask for something new: they read no workflow at all
  if (!asksToRepeat(text)) return null;
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  const host = hostOf(tab?.url ?? '');
  if (!host) return null;
  const workflows = await listWorkflows(host);
  const picked = matchWorkflowRequest(text, host, workflows);
  const wf = picked && workflows.find((w) => w.id === picked.id);
  if (!wf) return null;
  let llm;
  try {
    llm = clientFor(await loadSettings());
  } catch {
    return null; // no provider set up: the agent path reports that as it always does
  }
  const masked = maskSecrets(text);
  const now = Date.now();
  const say = async (runId: string, body: { kind: string; message: string }) => {
    await db().messages.add({ chatId, role: 'user', text: masked, runId, at: now });
    eventSink(chatId)({ type: 'error', ...body, resumable: false, runId, seq: 1, time: Date.now() });
    return { runId };
  };
  const noteId = `replay-chat-${now.toString(36)}`;
  const got = await valuesFromRequest(llm, wf, masked).catch((e: unknown) => ({ ok: false as const, message: `The model could not be asked: ${String((e as Error)?.message ?? e)}` }));
  if (!got.ok) return say(noteId, { kind: 'workflow_values', message: `${got.message} Run “${wf.name}” from the Workflows tab to enter its values.` });
  if (got.missingSecrets.length) {
    const labels = wf.variables.filter((v) => got.missingSecrets.includes(v.name)).map((v) => v.label);
    const filled = Object.entries(got.values).map(([k, v]) => `${k} = ${v}`).join(', ');
    return say(noteId, {
      kind: 'workflow_secret',
      message: `“${wf.name}” needs ${labels.join(', ')}, which is never taken from chat: press Run on it in the Workflows tab and type it there${filled ? ` (from your request: ${filled})` : ''}.`,
    });
  }
  const started = await startReplay({ workflowId: wf.id, tabId, newTab: false, values: got.values, stepMode: false, chatId });
  if (!started.ok) return say(noteId, { kind: 'workflow_start', message: started.message });
  await db().messages.add({ chatId, role: 'user', text: masked, runId: started.replayId, at: now });
  return { runId: started.replayId };
}
