import type { ContentHandlers } from '../handlers';
import { lookup } from '../page-model/ids';
import { fieldState } from './field';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { resolveFingerprint } from './resolve';
import { checkSelectors, resolveSelectors, scrollWithSelectors } from './recorder-selectors';

/** Replay's side in the page: finding a recorded element again from its fingerprint. */
export const replayHandlers: ContentHandlers = {
  'replay.resolve': ({ fingerprint }) => resolveFingerprint(fingerprint),
  'replay.resolveSelectors': ({ selectors, frame }) => resolveSelectors(selectors, frame),
  'replay.checkSelectors': ({ selectors, frame, wait }) => checkSelectors(selectors, frame, wait),
  'replay.scrollTo': ({ selectors, frame, x, y }) => scrollWithSelectors(selectors, frame, x, y),
  'replay.field': ({ id }) => fieldState(id),
  'replay.fingerprint': ({ id }) => {
    const found = lookup(id);
    return found.ok ? fingerprintOf(found.el) : null;
  },
};
