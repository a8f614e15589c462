import type { RunEvent } from '../shared/run-events';
import type { AgentPorts, Clock } from './ports';
import type { RunState } from './run-state';
import type { Ctx, PolicyRegistry } from './ctx';
import { LimitReached, RunControl } from './control';
import { SecretVault } from './safety/secrets';
import { tabRouter } from './tabs/router';
import { runWebPolicy } from './loop/policy-runner';

export type { Ctx } from './ctx';

export function createCtx(
  run: RunState,
  ports: AgentPorts & { clock: Clock },
  control: RunControl,
  policies: PolicyRegistry,
  secrets: SecretVault = new SecretVault(),
): Ctx {
  const ctx: Ctx = {
    run,
    // every page call goes to the run's current tab
    ports: { ...ports, browser: tabRouter(run, ports) },
    control,
    policies,
    secrets,
    emit(body) {
      // Streamed text is ephemeral and can be lost with the worker, so it takes no number of its
      // own: it shares the seq of the event before it, and resumed runs never reuse a number.
      if (body.type !== 'text_delta') run.seq += 1;
      ports.emit({ ...body, runId: run.runId, seq: run.seq, time: ports.clock.now() } as RunEvent);
    },
    async save() {
      run.updatedAt = ports.clock.now();
      // a step saved as done that typed a secret must find that secret kept after a restart
      await secrets.written();
      // A structured clone, so the store never holds a reference the loop keeps mutating.
      await ports.store.save(JSON.parse(JSON.stringify(run)) as RunState);
    },
    async checkpoint() {
      control.throwIfStopped();
      if (control.paused) {
        run.status = 'paused';
        ctx.emit({ type: 'paused' });
        await ctx.save();
        await control.waitWhilePaused();
        control.throwIfStopped();
        run.status = 'running';
        ctx.emit({ type: 'resumed' });
        await ctx.save();
      }
      const elapsed = ports.clock.now() - run.startedAt;
      if (elapsed > run.config.timeLimitMs) {
        throw new LimitReached(`The run reached its time limit of ${Math.round(run.config.timeLimitMs / 1000)} s.`);
      }
    },
    runPolicy: (policy, call, planIndex) => runWebPolicy(ctx, policy, call, planIndex),
  };
  return ctx;
}
