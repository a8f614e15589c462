import { z } from 'zod';
import { Ack, defineMessage } from '../protocol-core';
import { TrialStatus } from '../run-events';
import { ModelChoice } from '../settings';
import { FilePayload, MAX_ATTACHMENTS, MAX_ATTACHMENTS_TOTAL, MAX_ATTACHMENT_BYTES } from '../attachment';
import { lazy } from '../lazy';

const RunRef = lazy(() => z.object({ runId: z.string().min(1) }));

/** The side panel driving the agent. Progress comes back as RunEvents (src/shared/run-events.ts). */
export const agentMessages = {
  'agent.chat': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'A chat message: starts a run on the tab, or continues the chat (same tab, earlier turns as context).',
    params: z.object({
      tabId: z.number().int(),
      chatId: z.string().min(1),
      text: z.string().min(1).max(20_000),
      /** files attached to the message, for its task only */
      files: z
        .array(FilePayload.refine((f) => f.data.length <= Math.ceil(MAX_ATTACHMENT_BYTES / 3) * 4, 'a file is larger than 10 MB'))
        .max(MAX_ATTACHMENTS)
        .refine((fs) => fs.reduce((n, f) => n + f.size, 0) <= MAX_ATTACHMENTS_TOTAL, 'the files come to more than 25 MB')
        .default([]),
    }),
    result: z.object({ runId: z.string() }),
  })),
  'agent.followUp': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Something the person adds while a run works ("also pick a window seat"): queued, read at the next plan.',
    params: z.object({ runId: z.string().min(1), text: z.string().min(1).max(20_000) }),
    result: Ack,
  })),
  'agent.answer': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Answer a question the agent asked during a run.',
    params: z.object({ runId: z.string().min(1), text: z.string().max(20_000) }),
    result: Ack,
  })),
  'agent.handoffDone': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The person finished acting in the tab (login, CAPTCHA, code); the agent re-reads the page.',
    params: RunRef,
    result: Ack,
  })),
  'agent.wrong': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The person says the finished run is wrong; the agent reflects and tries again.',
    params: z.object({ runId: z.string().min(1), note: z.string().max(5_000).default('') }),
    result: Ack,
  })),
  'agent.retryWith': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Run an ended task again with another configured provider or model (this retry only); a run stopped on a resumable error continues where it was.',
    params: z.object({ runId: z.string().min(1), choice: ModelChoice }),
    result: Ack,
  })),
  'agent.run.get': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'The stored state of a run, for a panel that opens while it runs or after a restart.',
    params: RunRef,
    result: z
      .object({
        runId: z.string(),
        chatId: z.string(),
        status: z.string(),
        task: z.string(),
        trial: z.number().int(),
        steps: z.number().int(),
        lastTrialStatus: TrialStatus.nullable(),
      })
      .nullable(),
  })),
};
