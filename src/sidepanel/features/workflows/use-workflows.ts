import { useLiveQuery } from 'dexie-react-hooks';
import type { Workflow } from '../../../shared/workflow';
import { validateWorkflow } from '../../../workflows/file';
import { ReplayState } from '../../../workflows/replay/state';
import { db } from '../../../storage/db';

/** The workflow library, straight from IndexedDB (the service worker writes, the panel reads live). */
export function useWorkflows(): Workflow[] {
  return (
    useLiveQuery(async () => {
      const records = await db().workflows.orderBy('updatedAt').reverse().toArray();
      return records.flatMap((r) => {
        const v = validateWorkflow(r.data);
        return v.ok ? [v.workflow] : [];
      });
    }, []) ?? []
  );
}

/** The latest replay in a tab, as persisted after every step. */
export function useLatestReplay(tabId: number | undefined): ReplayState | undefined {
  const latest = useLatestReplayRead(tabId);
  return latest === 'loading' ? undefined : latest;
}

/** The same, with 'loading' until IndexedDB has answered: a view that must not say "no replay" before it knows. */
export function useLatestReplayRead(tabId: number | undefined): ReplayState | undefined | 'loading' {
  return useLiveQuery(
    async () => {
      if (tabId === undefined) return undefined;
      const records = (await db().runs.where('tabId').equals(tabId).sortBy('updatedAt')).filter((r) => r.kind === 'replay');
      const parsed = ReplayState.safeParse(records.at(-1)?.state);
      return parsed.success ? parsed.data : undefined;
    },
    [tabId],
    'loading' as const,
  );
}
