import { send } from '../../platform/rpc';
import type { ContentHandlers } from '../handlers';
import { setStopHandler, showOverlay } from './overlay';

// Stop in the page stops the run in this tab; the service worker knows which one from the sender.
setStopHandler(() => void send('overlay.stop', {}).catch(() => {}));

export const overlayHandlers: ContentHandlers = {
  'overlay.show': (view) => ({ shown: showOverlay(view) }),
};
