import type { Demonstration } from '../../shared/demonstration';
import type { RecordedExtract } from '../../shared/messages/recording';
import { workflowFromDemonstration } from '../../workflows/from-demonstration';
import { checkWorkflow } from '../../workflows/file';
import { newWorkflowId, putWorkflow } from './store';

/** Saves a demonstration as a replayable workflow (variables from typed and chosen values, the table marked to read last); returns its id. */
export async function saveWorkflowFromDemonstration(demo: Demonstration, extract?: RecordedExtract): Promise<string | undefined> {
  const workflow = workflowFromDemonstration(demo, { id: newWorkflowId(), now: Date.now(), extract });
  const problem = checkWorkflow(workflow);
  if (problem) throw new Error(`The recording could not be saved as a workflow: ${problem}.`);
  await putWorkflow(workflow);
  return workflow.id;
}
