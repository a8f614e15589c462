import type { ConfirmAnswer, ConfirmRequest, RunStore, UserPort, Clock } from '../../../../src/agent/ports';
import type { RunState } from '../../../../src/agent/run-state';
import type { RunEvent } from '../../../../src/shared/run-events';
import { RunEvent as RunEventSchema } from '../../../../src/shared/run-events';

export class MemoryStore implements RunStore {
  runs = new Map<string, string>();
  saves = 0;
  async save(run: RunState): Promise<void> {
    this.saves += 1;
    this.runs.set(run.runId, JSON.stringify(run));
  }
  async load(runId: string): Promise<RunState | undefined> {
    const json = this.runs.get(runId);
    return json ? (JSON.parse(json) as RunState) : undefined;
  }
}

export class FakeUser implements UserPort {
  confirms: ConfirmRequest[] = [];
  handoffs: string[] = [];
  questions: string[] = [];
  constructor(
    public answers: ConfirmAnswer[] = [],
    public onHandoff: () => void = () => {},
    public replies: string[] = [],
  ) {}
  async confirm(request: ConfirmRequest): Promise<ConfirmAnswer> {
    this.confirms.push(request);
    return this.answers.shift() ?? 'once';
  }
  async handoff(reason: string): Promise<void> {
    this.handoffs.push(reason);
    this.onHandoff();
  }
  async ask(question: string): Promise<string> {
    this.questions.push(question);
    return this.replies.shift() ?? '';
  }
}

/** A clock that moves only when told to (or by `step` ms per reading). */
export class FakeClock implements Clock {
  constructor(
    public t = 1_000_000,
    public step = 0,
  ) {}
  now(): number {
    this.t += this.step;
    return this.t;
  }
  async sleep(ms: number): Promise<void> {
    this.t += ms;
  }
}

/** Collects events and checks each against the shared schema, so the panel can rely on them. */
export function eventLog(): { events: RunEvent[]; emit: (e: RunEvent) => void; types: () => string[] } {
  const events: RunEvent[] = [];
  return {
    events,
    emit: (e) => events.push(RunEventSchema.parse(e)),
    types: () => events.map((e) => e.type),
  };
}
