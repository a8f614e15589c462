import { useState } from 'react';
import { send } from '../../../../platform/rpc';
import type { ConfirmRequest } from '../../../../shared/run-events';

/** The gate's question: exactly what will be done, and the three answers. */
export function ConfirmCard({ request, open }: { request: ConfirmRequest; open: boolean }) {
  const [busy, setBusy] = useState(false);
  const answer = async (a: 'once' | 'run' | 'refuse') => {
    setBusy(true);
    await send('agent.confirm', { runId: request.runId, requestId: request.id, answer: a }).catch(() => setBusy(false));
  };
  return (
    <li className={`ev confirm ${request.irreversible ? 'irreversible' : ''}`} data-testid="confirm" data-category={request.category}>
      <div>
        <b>{request.irreversible ? 'This cannot be undone. ' : ''}Confirm:</b> {request.description}
      </div>
      {request.host && (
        <div className="small" data-testid="confirm-host">
          Site: <b>{request.host}</b>
        </div>
      )}
      {request.context && (
        // the page's own words around the control: the amount, the recipient, the item
        <blockquote className="small" data-testid="confirm-context">
          {request.context}
        </blockquote>
      )}
      {request.elementLine && <code className="el">{request.elementLine}</code>}
      <div className="small muted">{request.reason}</div>
      {open && (
        <div className="row">
          <button className="primary" disabled={busy} onClick={() => void answer('once')}>
            Allow once
          </button>
          {/* irreversible kinds are asked every time, so there is nothing to allow for the task */}
          {request.rememberable && (
            <button disabled={busy} onClick={() => void answer('run')}>
              Allow for this task
            </button>
          )}
          <button disabled={busy} onClick={() => void answer('refuse')}>
            Refuse
          </button>
        </div>
      )}
    </li>
  );
}
