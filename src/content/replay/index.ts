import type { ContentHandlers } from '../handlers';
import { lookup } from '../page-model/ids';
import { fieldState } from './field';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { resolveFingerprint } from './resolve';
import { checkSelectors, resolveSelectors, scrollWithSelectors } from './recorder-selectors';
import { describe } from '../page-model/describe';
import type { Resolution } from '../../workflows/replay/ports';

/** A found element comes back with its facts (and, found by a file's selectors, its fingerprint): the replay needs no second look before judging and acting. */
function withFacts(r: Resolution, fingerprint: boolean): Resolution {
  if (!r.ok) return r;
  const d = describe(r.id);
  const found = fingerprint ? lookup(r.id) : null;
  return { ...r, url: location.href, ...(d.ok ? { info: d.info } : {}), ...(found?.ok ? { fingerprint: fingerprintOf(found.el) } : {}) };
}

/** Replay's side in the page: finding a recorded element again from its fingerprint. */
export const replayHandlers: ContentHandlers = {
  'replay.resolve': ({ fingerprint }) => withFacts(resolveFingerprint(fingerprint), false),
  'replay.resolveSelectors': ({ selectors, frame }) => withFacts(resolveSelectors(selectors, frame), true),
  'replay.checkSelectors': ({ selectors, frame, wait }) => checkSelectors(selectors, frame, wait),
  'replay.scrollTo': ({ selectors, frame, x, y }) => scrollWithSelectors(selectors, frame, x, y),
  'replay.field': ({ id }) => fieldState(id),
  'replay.fingerprint': ({ id }) => {
    const found = lookup(id);
    return found.ok ? fingerprintOf(found.el) : null;
  },
};
