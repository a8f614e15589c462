import type { ContentHandlers } from '../handlers';
import { lookup } from '../page-model/ids';
import { fieldState } from './field';
import { fingerprintOf } from '../fingerprint/fingerprint';
import { resolveFingerprint } from './resolve';

/** Replay's side in the page: finding a recorded element again from its fingerprint. */
export const replayHandlers: ContentHandlers = {
  'replay.resolve': ({ fingerprint }) => resolveFingerprint(fingerprint),
  'replay.field': ({ id }) => fieldState(id),
  'replay.fingerprint': ({ id }) => {
    const found = lookup(id);
    return found.ok ? fingerprintOf(found.el) : null;
  },
};
