import { z } from 'zod';
import { Ack, defineMessage } from '../protocol-core';
import { ConfirmAnswer } from '../run-events';
import { lazy } from '../lazy';

/** Any run's id: an agent task's or a replay's; the run host finds which (src/background/runs/host.ts). */
const RunRef = lazy(() => z.object({ runId: z.string().min(1) }));

/**
 * What the person does to a run, whatever its kind: one set of messages, so the panel never has to
 * know whether a task or a replay is on screen to pause it, stop it or answer its safety question.
 */
export const runsMessages = {
  'run.pause': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Pause a run (a task or a replay) before its next action; it keeps its state.', params: RunRef, result: Ack })),
  'run.resume': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Go on with a run: a paused one, one stopped by a provider error or a worker restart, or a replay that stopped at a step (the step is tried again).',
    params: RunRef,
    result: Ack,
  })),
  'run.stop': lazy(() => defineMessage({ direction: 'panel->background', doc: 'Stop a run for good; nothing more is done in its tabs.', params: RunRef, result: Ack })),
  'run.confirm': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Answer the safety question a run waits on: allow once, allow this kind for the rest of the run (reversible kinds only), or refuse.',
    params: z.object({ runId: z.string().min(1), requestId: z.string().min(1), answer: ConfirmAnswer }),
    result: Ack,
  })),
};
