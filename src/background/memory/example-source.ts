import type { ExampleSource } from '../../agent';
import { retrieveExemplars } from '../../memory/retrieve';
import { taskKey } from '../../memory/key';
import { embedTexts } from '../offscreen/embed-client';
import { memoryIndex, storedEmbeddingModel } from './memory-index';
import { getDemonstrations } from './store';
import { loadSettings } from '../settings-store';

/** How many demonstrations a task gets as examples, and the tokens each may take in a prompt. */
const TOP_K = 3;
// below the agent's exampleBudget (1500), which also pays for the heading and task line around each block
const EXEMPLAR_BUDGET = 1100;

/**
 * The agent's exemplar memory: retrieves stored demonstrations similar to a new task. Words
 * always; vectors too when demonstrations were embedded and the same model embeds the query.
 * A failure here costs the run its examples, never the run itself.
 */
export function createExampleSource(): ExampleSource {
  return {
    retrieve: async (query) => {
      try {
        let vector: Float32Array | undefined;
        let model = '';
        let vectorNote = 'no embedding model, words only';
        const storedModel = await storedEmbeddingModel();
        if (storedModel) {
          const embedded = await embedTexts([taskKey(query).text]);
          if (embedded.ok && embedded.model === storedModel) {
            vector = embedded.vectors[0];
            model = storedModel;
          } else vectorNote = embedded.ok ? `stored vectors are from ${storedModel}, words only` : embedded.reason;
        }
        const index = await memoryIndex(model);
        // other sites' demonstrations only when the person turned that on (off by default)
        const otherSites = (await loadSettings()).examplesFromOtherSites;
        return await retrieveExemplars(index, vector ? { ...query, vector } : query, getDemonstrations, { k: TOP_K, budget: EXEMPLAR_BUDGET, vectorNote, otherSites });
      } catch (error) {
        console.warn(`Example retrieval failed: ${error instanceof Error ? error.message : String(error)}`);
        return [];
      }
    },
  };
}
