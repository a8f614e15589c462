import { useState } from 'react';
import { send } from '../../../platform/rpc';
import type { ConfirmAnswer } from '../../../shared/run-events';
import type { ReplayState } from '../../../workflows/replay/state';
import { useShowDetails } from '../chat/timeline/show-details';
import { replayInWords } from './replay-words';
import { confirmHeadline } from '../chat/events/ConfirmCard';
import { SentList } from '../chat/events/SentList';
import { namesSite, SiteLine, SiteTitle } from '../chat/events/SiteTitle';
import { withoutSite } from '../chat/events/confirm-words';

/**
 * What a replay waits on from the person: the safety question of the step it stopped at (with the
 * tab's real host), and repairs it made that are kept in the workflow only if the person agrees.
 */
export function ReplayQuestions({ replay, onMessage }: { replay: ReplayState; onMessage: (m: string) => void }) {
  const [busy, setBusy] = useState(false);
  const request = replay.status === 'waiting' ? replay.confirm : undefined;
  const act = (p: Promise<{ ok: boolean; message: string }>) => {
    setBusy(true);
    p.then(
      (r) => r.message && onMessage(r.message),
      (e: Error) => onMessage(e.message),
    ).finally(() => setBusy(false));
  };
  const answer = (a: ConfirmAnswer) => act(send('run.confirm', { runId: replay.replayId, requestId: request!.id, answer: a }));
  const keep = (index: number, k: boolean) => act(send('replay.keepRepair', { replayId: replay.replayId, index, keep: k }));
  const canKeep = replay.status !== 'running';
  const details = useShowDetails();
  const words = (t: string) => replayInWords(t, replay.values);
  const host = request ? hostOf(request.url) : '';
  const title = request ? confirmHeadline({ ...request, host }) : '';
  return (
    <>
      {request && (
        <div className={`ev confirm ${request.irreversible ? 'irreversible' : ''}`} data-testid="replay-confirm" data-category={request.guess ? 'guess' : request.category}>
          {/* the effect and the site first, as the chat's card says it; then what the request carries */}
          <div className="card-title">
            <SiteTitle title={title} host={host} testId="replay-confirm-host" />
            {request.irreversible && <span className="warn"> This cannot be undone.</span>}
          </div>
          {request.sends && <SentList sends={request.sends} testId="replay-confirm-sends" words={words} />}
          {request.context && (
            <blockquote className="context" data-testid="replay-confirm-context">
              {words(request.context)}
            </blockquote>
          )}
          {/* the site is named once: in the title where it is, else on its own line */}
          <SiteLine title={title} host={host} testId="replay-confirm-host" />
          <div className="small">The replay will: {words(namesSite(title, host) ? withoutSite(request.description, host) : request.description)}</div>
          {details && request.elementLine && <code className="el">{request.elementLine}</code>}
          {/* a held request's reason names its raw fields (a token, the page's hidden ids): the list above says it in words */}
          {!request.guess && (!request.sends || details) && <div className="small muted">{words(request.reason)}</div>}
          <div className="row">
            <button className="primary" disabled={busy} onClick={() => answer('once')}>
              {request.guess ? 'Use this' : 'Allow once'}
            </button>
            {request.rememberable && !request.irreversible && (
              <button disabled={busy} onClick={() => answer('run')}>
                Allow for this replay
              </button>
            )}
            <button disabled={busy} onClick={() => answer('refuse')}>
              {request.guess ? 'Pick another' : 'Refuse'}
            </button>
          </div>
        </div>
      )}
      {replay.repairs.map((r) => (
        <RepairQuestion key={r.index} index={r.index} line={r.line} words={words} details={details} busy={busy} onKeep={canKeep ? (k) => keep(r.index, k) : undefined} />
      ))}
    </>
  );
}

/** A repair the replay made: kept in the workflow only if the person says so. */
function RepairQuestion({ index, line, words, details, busy, onKeep }: { index: number; line: string; words: (t: string) => string; details: boolean; busy: boolean; onKeep?: (keep: boolean) => void }) {
  return (
    <div className="ev confirm" data-testid="replay-repair" data-index={index}>
      <div>
        Step {index + 1} was repaired: it now uses {words(line)}. Keep this for the next replays?
        {details && <code className="el">{line}</code>}
      </div>
      {onKeep && (
        <div className="row">
          <button disabled={busy} onClick={() => onKeep(true)}>
            Keep repair
          </button>
          <button disabled={busy} onClick={() => onKeep(false)}>
            Don’t keep
          </button>
        </div>
      )}
    </div>
  );
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
