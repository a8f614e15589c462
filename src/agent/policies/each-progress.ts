import { z } from 'zod';
import { Cell } from '../../shared/table';
import { lazy } from '../../shared/lazy';

/**
 * Where an EACH call stands, stored with the run after every item: a run resumed after the worker
 * stopped goes on with the next item instead of visiting (and acting on) the done ones again.
 */
export const EachProgress = lazy(() => z.object({
  /** trial:plan:call, so a later EACH call never picks up another's items */
  scope: z.string(),
  /** the address of the list, for the table */
  url: z.string(),
  thought: z.string().default(''),
  /** the tab the list is in */
  home: z.number().int().min(1),
  items: z.array(z.object({ id: z.number().int(), name: z.string() })),
  outcomes: z.array(z.object({ status: z.enum(['done', 'failed', 'skipped']), summary: z.string(), name: z.string(), cells: z.array(Cell), shown: z.array(z.string().nullable()).optional() })),
}));
export type EachProgress = z.infer<typeof EachProgress>;
