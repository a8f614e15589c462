import type { ContentHandlers } from '../handlers';
import { lookup } from '../page-model/ids';
import { fieldState } from './field';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { resolveFingerprint } from './resolve';
import { checkSelectors, resolveSelectors, scrollWithSelectors } from './recorder-selectors';
import { describe } from '../page-model/describe';
import type { AimAsk, Resolution } from '../../workflows/replay/ports';
import type { LookAim } from '../../shared/page';
import { target } from '../executor/prepare';

/** What a look answers: its aim is timed by the service worker as it arrives (TimedAim). */
type Looked = (Omit<Extract<Resolution, { ok: true }>, 'aim'> & { aim?: LookAim }) | Extract<Resolution, { ok: false }>;

/**
 * A found element comes back with its facts (and, found by a file's selectors, its fingerprint):
 * the replay needs no second look before judging and acting. Asked to aim, on the step's own site
 * and page, it is also aimed at as page.target does (scrolled to, hit-tested, its input guarded
 * for a short while): the facts are then the ones read after the scroll, which the guard holds.
 */
async function withFacts(r: Resolution, fingerprint: boolean, ask?: AimAsk): Promise<Looked> {
  if (!r.ok) return r;
  const found = fingerprint ? lookup(r.id) : null;
  const common = { ...r, url: location.href, ...(found?.ok ? { fingerprint: fingerprintOf(found.el) } : {}) };
  const aim = ask && onStepPage(ask) ? await target({ id: r.id, purpose: ask.purpose, checked: ask.checked, describe: true }) : null;
  if (aim?.ok && aim.info) return { ...common, info: aim.info, aim: { purpose: ask!.purpose, x: aim.x, y: aim.y, skip: aim.skip, native: aim.native, info: aim.info } };
  const d = describe(r.id);
  return { ...common, ...(d.ok ? { info: d.info } : {}) };
}

/**
 * The page is on the step's site (`site` is a registrable domain: this host or a subdomain of it)
 * and page. Decided here without the public-suffix list, which would weigh on every page the
 * content script loads into; the service worker decides again, with it, before the step acts.
 */
function onStepPage(ask: AimAsk): boolean {
  const host = location.hostname.toLowerCase().replace(/\.+$/, '');
  return (host === ask.site || host.endsWith(`.${ask.site}`)) && (!ask.path || location.pathname === ask.path);
}

/** Replay's side in the page: finding a recorded element again from its fingerprint. */
export const replayHandlers: ContentHandlers = {
  'replay.resolve': ({ fingerprint, aim }) => withFacts(resolveFingerprint(fingerprint), false, aim),
  'replay.resolveSelectors': ({ selectors, frame, aim }) => withFacts(resolveSelectors(selectors, frame), true, aim),
  'replay.checkSelectors': ({ selectors, frame, wait }) => ({ ...checkSelectors(selectors, frame, wait), url: location.href }),
  'replay.scrollTo': ({ selectors, frame, x, y }) => scrollWithSelectors(selectors, frame, x, y),
  'replay.field': ({ id }) => fieldState(id),
  'replay.fingerprint': ({ id }) => {
    const found = lookup(id);
    return found.ok ? fingerprintOf(found.el) : null;
  },
};
