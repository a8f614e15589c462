import type { Workflow } from '../../shared/workflow';
import { sameSite } from '../../shared/site';
import { fillString } from '../fill';
import { parseUrl, pathOf } from '../text';
import { replayDecision } from './consent';

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

type Shape = Pick<Workflow, 'site' | 'startUrl' | 'steps' | 'source'>;

export function startPlace(wf: Shape, tabUrl: string | undefined, newTab: boolean, values: Record<string, string> = {}): StartPlace {
  if (newTab || tabUrl === undefined) return 'new';
  if (!/^(https?|file):/i.test(tabUrl)) return 'go';
  if (!sameSite(tabUrl, wf.site)) return 'new';
  const first = wf.steps[0];
  if (!first) return 'here';
  if (first.action.kind === 'navigate') {
    const to = firstAddress(wf, values, tabUrl);
    const here = parseUrl(tabUrl);
    return !to || (here && to.origin === here.origin && to.pathname === here.pathname) ? 'here' : 'go';
  }
  return pathOf(tabUrl) === (first.before?.path ?? pathOf(wf.startUrl)) ? 'here' : 'go';
}

/**
 * What a `go` or `new` start opens. A first step that navigates (a Chrome Recorder file begins
 * so) is sent as the start's first act, while the replay's state is still being written, when the
 * safety gate would let that step open its address without asking (a web page of the workflow's
 * own site, values filled): `firstStep` then says the start has done that step, which is not
 * loaded a second time (an address that redirects elsewhere, or answers slowly, is loaded once).
 * Anything else opens the start address, and the first step runs in its turn.
 */
export function startAddress(wf: Shape, values: Record<string, string>, tabUrl = ''): { url: string; firstStep: boolean } {
  const to = firstAddress(wf, values, tabUrl);
  return to ? { url: to.href, firstStep: true } : { url: wf.startUrl, firstStep: false };
}

function firstAddress(wf: Shape, values: Record<string, string>, tabUrl: string) {
  const first = wf.steps[0];
  if (first?.action.kind !== 'navigate') return null;
  let url: string;
  try {
    url = fillString(first.action.url, values);
  } catch {
    return null; // a value only the run has (a secret is never in an address): the step fills it in its turn
  }
  // judged from the tab's page, as the step would be; from a blank or new tab, from the address itself (a relative one is then no address)
  const from = /^https?:/i.test(tabUrl) ? tabUrl : url;
  const decision = replayDecision({ workflow: wf, step: first, action: { kind: 'navigate', url }, el: null, url: from, repaired: false, typesSecret: false, approvals: [] });
  return decision.kind === 'allow' ? (parseUrl(url) ?? null) : null;
}
