import type { WorkflowStep } from '../../shared/workflow';
import type { AimAsk, Resolution } from './ports';
import { roleFitsAction } from './roles';
import type { ReplayRun } from './run';

/** Polls the tab's address until `test` holds or the time is up; returns the last address seen. `seen`: an address just read. */
export async function waitForUrl(run: ReplayRun, test: (url: string) => boolean, timeoutMs: number, seen?: string): Promise<string> {
  const { page } = run.ports;
  const deadline = run.ports.now() + timeoutMs;
  let url = seen ?? (await page.url());
  while (!test(url) && run.ports.now() < deadline) {
    await run.ports.sleep(run.opts.pollMs);
    url = await page.url();
  }
  return url;
}

/** The step's recorded element, as the page resolver finds it within `timeoutMs` (src/content/replay); `first`: a first look already sent. */
export async function resolveWithin(run: ReplayRun, step: WorkflowStep, timeoutMs: number, first?: Promise<Resolution | undefined>, aim?: AimAsk): Promise<Resolution> {
  const { ports, opts } = run;
  const deadline = ports.now() + timeoutMs;
  let same = { message: '', since: ports.now() };
  for (let look = first; ; look = undefined) {
    const r = (await look) ?? (await ports.page.resolve(step.target!, aim));
    // An element that does not fit the action (a recorded field that came back as a button) is no match.
    if (r.ok && !roleFitsAction(step.action.kind, r.role) && r.tag !== 'select') {
      return { ok: false, reason: 'disagree', message: `the element found (${r.line}) cannot be used to ${step.action.kind}` };
    }
    if (r.ok || ports.now() >= deadline) return r;
    // Candidates that do not agree and stay the same (a relabelled page, not a loading one) will
    // not agree later: stop waiting sooner. Nothing found at all waits the whole time.
    if (r.message !== same.message) same = { message: r.message, since: ports.now() };
    else if (r.reason !== 'not_found' && ports.now() - same.since >= opts.unchangedMs) return r;
    await ports.sleep(opts.pollMs);
  }
}
