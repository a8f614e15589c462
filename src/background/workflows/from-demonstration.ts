import type { Demonstration } from '../../shared/demonstration';

/** Saves a demonstration as a replayable workflow (variables from typed and chosen values); returns its id. */
export async function saveWorkflowFromDemonstration(_demo: Demonstration): Promise<string | undefined> {
  return undefined;
}
