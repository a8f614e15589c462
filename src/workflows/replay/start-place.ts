import type { Workflow } from '../../shared/workflow';
import { sameSite } from '../../shared/site';
import { pathOf } from '../text';

/**
 * Where a replay starts, from the tab the person runs it in: a replay opens its start page itself
 * rather than asking the person to go there first.
 * - `new`: a new tab at the start address: asked for, or the tab shows another site (its page,
 *   maybe a half-filled form, is left as it is)
 * - `go`: this tab, sent to the start address first: a blank tab or a browser page, or the
 *   workflow's site on another page than the one its first step was recorded on
 * - `here`: this tab as it is: on the first step's page, or a first step that navigates itself
 */
export type StartPlace = 'new' | 'go' | 'here';

export function startPlace(wf: Pick<Workflow, 'site' | 'startUrl' | 'steps'>, tabUrl: string | undefined, newTab: boolean): StartPlace {
  if (newTab || tabUrl === undefined) return 'new';
  if (!/^(https?|file):/i.test(tabUrl)) return 'go';
  if (!sameSite(tabUrl, wf.site)) return 'new';
  const first = wf.steps[0];
  if (!first || first.action.kind === 'navigate') return 'here';
  return pathOf(tabUrl) === (first.before?.path ?? pathOf(wf.startUrl)) ? 'here' : 'go';
}
