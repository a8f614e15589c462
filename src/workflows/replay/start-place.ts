import type { Workflow } from '../../shared/workflow';
import { sameSite } from '../../shared/site';
import { fillString } from '../fill';
import { parseUrl, pathOf } from '../text';

/**
 * Where a replay starts, from the tab the person runs it in: a replay opens its start page itself
 * rather than asking the person to go there first.
 * - `new`: a new tab at the start address: asked for, or the tab shows another site (its page,
 *   maybe a half-filled form, is left as it is)
 * - `go`: this tab, sent to the start address first: a blank tab or a browser page, the
 *   workflow's site on another page than the one its first step was recorded on, or than the one
 *   a first step that navigates goes to
 * - `here`: this tab as it is: on the first step's page
 */
export type StartPlace = 'new' | 'go' | 'here';

type Shape = Pick<Workflow, 'site' | 'startUrl' | 'steps'>;

export function startPlace(wf: Shape, tabUrl: string | undefined, newTab: boolean, values: Record<string, string> = {}): StartPlace {
  if (newTab || tabUrl === undefined) return 'new';
  if (!/^(https?|file):/i.test(tabUrl)) return 'go';
  if (!sameSite(tabUrl, wf.site)) return 'new';
  const first = wf.steps[0];
  if (!first) return 'here';
  if (first.action.kind === 'navigate') {
    const to = firstAddress(wf, values);
    const here = parseUrl(tabUrl);
    return !to || (here && to.origin === here.origin && to.pathname === here.pathname) ? 'here' : 'go';
  }
  return pathOf(tabUrl) === (first.before?.path ?? pathOf(wf.startUrl)) ? 'here' : 'go';
}

/**
 * The address a `go` or `new` start opens. A first step that navigates (a Chrome Recorder file
 * begins so) is sent as the start's first act, while the replay's state is still being written,
 * and that step then finds the tab on its page: its own address, values filled, when it is a web
 * page of the workflow's site (what the safety gate lets such a step open without asking), else
 * the start address, and the step navigates in its turn.
 */
export function startAddress(wf: Shape, values: Record<string, string>): string {
  return firstAddress(wf, values)?.href ?? wf.startUrl;
}

function firstAddress(wf: Shape, values: Record<string, string>) {
  const first = wf.steps[0]?.action;
  if (first?.kind !== 'navigate') return null;
  const to = parseUrl(fillString(first.url, values));
  return to && /^https?:/i.test(to.href) && sameSite(to.href, wf.site) ? to : null;
}
