import { useState } from 'react';
import { send } from '../../../platform/rpc';

/**
 * What the person types while a run works goes to that run as a note for its next plan. When the
 * run ended meanwhile the worker says so, and the text goes back into the box (answers false).
 */
export function useFollowUp(runId: string | undefined) {
  const [error, setError] = useState<string>();
  const add = async (text: string): Promise<boolean> => {
    if (!runId) return false;
    setError(undefined);
    try {
      const result = await send('agent.followUp', { runId, text });
      if (!result.ok) setError(result.message);
      return result.ok;
    } catch (e) {
      setError((e as Error).message);
      return false;
    }
  };
  return { add, error };
}
