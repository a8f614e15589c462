import type { WorkflowStep } from '../../shared/workflow';
import { parseUrl, pathOf } from '../text';

/**
 * A Chrome Recorder step's `target` is "main" or the address of the page it runs in: a tab or
 * window a step before it opened. Import numbers those tabs in order (main is 1) and marks the step
 * that opened each; export writes the address back.
 */
export class TargetTabs {
  private readonly byUrl = new Map<string, number>();

  /** Gives the step its tab; the step before a new tab's first step opened it (a link with target=_blank, window.open). */
  place(step: WorkflowStep, target: string | undefined, previous: WorkflowStep | undefined): WorkflowStep {
    if (!target || target === 'main') return step;
    let n = this.byUrl.get(target);
    if (n === undefined) {
      n = this.byUrl.size + 2;
      this.byUrl.set(target, n);
      if (previous) previous.after = { ...previous.after, opensTab: true };
      // the new tab's page is the one the target names
      step.before = { path: pathOf(target), title: '' };
    }
    step.tab = n;
    step.tabUrl = target;
    return step;
  }
}

/** The `target` of a step's Recorder steps: "main", or the address its tab opened at. */
export function targetOf(step: WorkflowStep, startUrl: string): string {
  if (!step.tab || step.tab === 1) return 'main';
  return step.tabUrl || parseUrl(step.before?.path ?? '/', startUrl)?.href || 'main';
}
