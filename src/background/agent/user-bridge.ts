import type { ConfirmAnswer, ConfirmRequest } from '../../shared/run-events';
import type { UserPort } from '../../agent/ports';

/**
 * The agent waits on the person through promises that the panel's messages resolve. They live in
 * memory only: if the worker dies while waiting, the run resumes from storage and asks again.
 */
type Pending = { kind: 'confirm' | 'answer' | 'handoff'; resolve: (value: string) => void };
const pending = new Map<string, Pending>();
const key = (runId: string, kind: Pending['kind'], id = '') => `${runId}|${kind}|${id}`;

function wait(runId: string, kind: Pending['kind'], id = ''): Promise<string> {
  return new Promise((resolve) => pending.set(key(runId, kind, id), { kind, resolve }));
}

export function userBridge(runId: string): UserPort {
  return {
    confirm: (request: ConfirmRequest) => wait(runId, 'confirm', request.id) as Promise<ConfirmAnswer>,
    handoff: async () => void (await wait(runId, 'handoff')),
    ask: () => wait(runId, 'answer'),
  };
}

/** Resolves what the agent is waiting for; false when nothing was waiting (e.g. after a restart). */
export function settle(runId: string, kind: Pending['kind'], value: string, id = ''): boolean {
  const k = key(runId, kind, id);
  const p = pending.get(k);
  if (!p) return false;
  pending.delete(k);
  p.resolve(value);
  return true;
}

/** Drops what a stopped run was waiting for, resolving it so the agent's promise chain can end. */
export function abandon(runId: string): void {
  for (const [k, p] of pending) {
    if (!k.startsWith(`${runId}|`)) continue;
    pending.delete(k);
    p.resolve(p.kind === 'confirm' ? 'refuse' : '');
  }
}
