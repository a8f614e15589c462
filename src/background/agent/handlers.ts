import { readRun } from './run-store';
import type { HandlerMap } from '../../shared/protocol-core';
import type { agentMessages } from '../../shared/messages/agent';
import { settle, settleAnswer } from './user-bridge';
import { replayFromChat } from '../workflows/from-chat';
import type { createRunner } from './runner';
import { addFollowUp } from './follow-up';
import { retryWithModel } from './retry';

/** The side panel's agent messages, routed to the runner and to what the agent waits for. */
export function agentHandlers(runner: ReturnType<typeof createRunner>): HandlerMap<typeof agentMessages> {
  return {
    // a request to run a saved workflow again replays it; anything else goes to the agent
    // a message with files goes to the agent: a workflow has no file to take them yet
    'agent.chat': async ({ tabId, chatId, text, files }) =>
      (files.length ? undefined : await replayFromChat(tabId, chatId, text).catch((e) => void console.error('workflow match failed', e))) ?? runner.chat(tabId, chatId, text, undefined, files),
    'agent.followUp': ({ runId, text }) => addFollowUp(runId, text),
    'agent.answer': ({ runId, text }) =>
      settleAnswer(runId, text) ? { ok: true, message: '' } : { ok: false, message: 'No question is pending for that task.' },
    'agent.handoffDone': async ({ runId }) =>
      (await settle(runId, 'handoff', '')) ? { ok: true, message: '' } : { ok: false, message: 'The task is not waiting for you.' },
    'agent.wrong': async ({ runId, note }) => ({ ok: true, message: await runner.reportWrong(runId, note) }),
    'agent.retryWith': ({ runId, choice }) => retryWithModel(runner, runId, choice),
    'agent.run.get': async ({ runId }) => {
      const stored = await readRun(runId);
      if (!stored?.state) return null;
      const { record } = stored;
      const run = { data: stored.state };
      const trial = run.data.trials.at(-1);
      return {
        runId,
        chatId: record.chatId,
        status: record.status,
        task: run.data.task,
        trial: trial?.n ?? 0,
        steps: run.data.stepsTaken,
        lastTrialStatus: trial?.status ?? null,
      };
    },
  };
}
