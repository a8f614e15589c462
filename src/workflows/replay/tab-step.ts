import type { WorkflowStep } from '../../shared/workflow';
import type { ReplayPorts } from './ports';

/**
 * Before a step: the replay goes to the tab the step runs in (a step after a target=_blank link
 * runs in the tab that link opened). Null when the step can run; else why it cannot, for the person.
 */
export async function enterStepTab(ports: Pick<ReplayPorts, 'tabs'>, step: WorkflowStep): Promise<{ status: 'asked'; message: string } | null> {
  const n = step.tab ?? 1;
  if (!ports.tabs) return n > 1 ? { status: 'asked', message: `This step runs in tab ${n}, which an earlier step opened; this replay runs in one tab only.` } : null;
  const problem = await ports.tabs.enter(n);
  return problem ? { status: 'asked', message: problem } : null;
}
