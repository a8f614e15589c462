import type { ExampleSource } from '../../agent';

/** The agent's exemplar memory: retrieves stored demonstrations similar to a new task. */
export function createExampleSource(): ExampleSource {
  return { retrieve: async () => [] };
}
