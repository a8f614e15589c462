import type { ContentHandlers } from '../handlers';
import { loadTokenizer } from '../load-tokenizer';
import { countTokens, useTokenCounter } from '../page-model/tokens';
import { tokensOf } from '../../core/tokens';
import { startCapture, type Capture } from './capture';
import { createEmitter, type Emitter } from './emitter';
import { firstPage } from './first-page';
import { currentView } from './page-view';
import { showRecording } from '../overlay/overlay';

// The recording this page load is capturing for, if any. A new page load starts with none; the
// service worker, which keeps the recording state (it survives page loads and restarts), injects
// the script into each new page of a recorded tab and tells it (`recorder.resume`).
let active: { recordingId: string; capture: Capture; emitter: Emitter } | undefined;

function begin(recordingId: string): void {
  if (active?.recordingId === recordingId) return;
  end();
  countTokensNow();
  const emitter = createEmitter(recordingId, end);
  active = { recordingId, emitter, capture: startCapture(emitter) };
  showRecording(true);
}

/**
 * Capturing starts at once, not after the 2.4 MB tokenizer has loaded (the person may act in the
 * first moments of a page load): until it has, recorded pages are fitted to the budget with the
 * agent's close estimate. Loading it replaces the estimate, and the agent's own snapshots always
 * wait for the real one, so they are never counted by the estimate.
 */
function countTokensNow(): void {
  try {
    countTokens('x');
  } catch {
    useTokenCounter(tokensOf);
    void loadTokenizer().catch(() => {});
  }
}

function end(): void {
  if (active) showRecording(false);
  active?.capture.stop();
  active = undefined;
}

/** The recorder's side of the recording messages (top frame). */
export const recorderHandlers: ContentHandlers = {
  'recorder.start': async ({ recordingId }) => {
    begin(recordingId);
    return firstPage(currentView());
  },
  'recorder.resume': ({ recordingId }) => {
    begin(recordingId);
    return { ok: true };
  },
  'recorder.flush': async ({ recordingId, stop }) => {
    if (active?.recordingId !== recordingId) return { steps: [] };
    const { capture, emitter } = active;
    const last = capture.takePending();
    // steps already on their way are stored before the caller reads the recording
    await emitter.drained();
    if (stop) end();
    return { steps: last ? [last] : [] };
  },
};
