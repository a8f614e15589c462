import { z } from 'zod';
import { lazy } from '../../shared/lazy';

/**
 * The tabs a run has: the one it started in (tab 1, reached through the agent's own browser port)
 * and those it opened. Numbers are never reused, so "tab 3" means one tab for the whole run.
 */
export const RunTab = lazy(() => z.object({
  n: z.number().int().min(1),
  /** null for the tab the run started in */
  tabId: z.number().int().nullable(),
  url: z.string().default(''),
  title: z.string().default(''),
}));
export type RunTab = z.infer<typeof RunTab>;

export const RunTabs = lazy(() => z.object({
  list: z.array(RunTab).min(1),
  current: z.number().int().min(1),
  nextN: z.number().int().min(2),
}));
export type RunTabs = z.infer<typeof RunTabs>;

export const startTabs = (): RunTabs => ({ list: [{ n: 1, tabId: null, url: '', title: '' }], current: 1, nextN: 2 });

export const currentTab = (tabs: RunTabs): RunTab => tabs.list.find((t) => t.n === tabs.current) ?? tabs.list[0]!;
