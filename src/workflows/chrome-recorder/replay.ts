import type { WorkflowStep } from '../../shared/workflow';
import type { AimAsk, ReplayOptions, ReplayPage, Resolution } from '../replay/ports';

type Clock = { now(): number; sleep(ms: number): Promise<void> };

/**
 * An imported Chrome Recorder step's element, polled up to the step's own timeout (5 s unless the
 * file says otherwise), as Chrome's runner waits for it. Selectors that contradict each other and
 * stay that way for `unchangedMs` are a page that is not the recorded one: reported sooner.
 */
export async function resolveForeign(page: ReplayPage, step: WorkflowStep, clock: Clock, opts: ReplayOptions, first?: Promise<Resolution | undefined>, aim?: AimAsk): Promise<Resolution> {
  const r = step.recorder;
  if (!r?.selectors.length || !page.resolveSelectors) return { ok: false, reason: 'not_found', message: 'the step has no selectors' };
  const deadline = clock.now() + r.timeoutMs;
  let same = { message: '', since: clock.now() };
  for (let look = first; ; look = undefined) {
    const found = (await look) ?? (await page.resolveSelectors(r.selectors, r.frame, aim));
    if (found.ok || clock.now() >= deadline) return found;
    if (found.message !== same.message) same = { message: found.message, since: clock.now() };
    else if (found.reason !== 'not_found' && found.reason !== 'frame' && clock.now() - same.since >= opts.unchangedMs) return found;
    await clock.sleep(opts.selectorPollMs);
  }
}

/**
 * A Chrome Recorder waitForElement: met when its selectors satisfy the step's condition, within
 * its timeout. `first`: a check already sent (./step.ts), or undefined when it does not count.
 */
export async function waitForeign(page: ReplayPage, step: WorkflowStep, clock: Clock, opts: ReplayOptions, first?: Promise<{ met: boolean; count: number } | undefined>): Promise<{ met: boolean; message: string }> {
  const r = step.recorder;
  if (!r?.wait || !r.selectors.length || !page.checkSelectors) return { met: false, message: 'the step has no selectors to wait for' };
  const deadline = clock.now() + r.timeoutMs;
  for (let check = first; ; check = undefined) {
    const { met, count } = (await check) ?? (await page.checkSelectors(r.selectors, r.frame, r.wait));
    if (met) return { met, message: '' };
    if (clock.now() >= deadline) {
      const want = `${r.wait.visible ? '' : 'no longer '}${r.wait.operator} ${r.wait.count} element${r.wait.count === 1 ? '' : 's'}${r.wait.attributes || r.wait.properties ? ' with the recorded attributes/properties' : ''}`;
      return { met: false, message: `Waited ${r.timeoutMs / 1000} s for ${want}; the selectors match ${count}` };
    }
    await clock.sleep(opts.selectorPollMs);
  }
}
