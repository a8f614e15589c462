import { useEffect, useId, useRef, useState } from 'react';
import { send } from '../../../../platform/rpc';
import type { ConfirmCategory, ConfirmRequest } from '../../../../shared/run-events';
import { cap } from '../../../../workflows/text';

/** What the action will do, in the person's words, before the details. */
const EFFECT: Record<ConfirmCategory, string> = {
  payment: 'Pay',
  send: 'Send',
  delete: 'Delete',
  account: 'Change your account',
  credential: 'Use your sign-in details',
  navigation: 'Open another site',
  retry_after_irreversible: 'Do it again',
  form: 'Send this form',
  other: 'Press a control the co-pilot does not know',
  commit: 'Confirm',
  plan: 'Start this plan',
};

/** A sum of money as pages write it: $42.00, € 1.299,00, 12.50 EUR. */
const AMOUNT = /(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|€|£))/;

/**
 * "Pay $42.00 on shop.example?": the effect and the site, which is what a person decides on. The
 * amount is taken from the control's own words first, then from the page's words near it.
 */
export function confirmHeadline(request: Pick<ConfirmRequest, 'category' | 'host' | 'description' | 'context'> & { to?: string; guess?: boolean; reason?: string }): string {
  // a replay's unsure match: the question itself ("The page shows more than one “Sign in”; is it the one marked in the page?")
  if (request.guess && request.reason) return cap(request.reason);
  // data leaving for another site: where it goes is the question, not "open another site"
  if (request.to) return `Send to ${request.to}${request.host ? ` from ${request.host}` : ''}?`;
  // a form's post (a Next or Save button): what is decided is the details it sends, and to whom
  if (request.category === 'form') return request.host ? `Send these details to ${request.host}?` : 'Send these details?';
  const amount = request.category === 'payment' ? (AMOUNT.exec(request.description) ?? AMOUNT.exec(request.context))?.[0] : undefined;
  return `${EFFECT[request.category]}${amount ? ` ${amount.trim().replace(/[.,]$/, '')}` : ''}${request.host ? ` on ${request.host}` : ''}?`;
}

/**
 * The gate's question, pinned above the composer while it waits: the effect and the site first,
 * then the page's own words around the control (the amount, the recipient, the item), then exactly
 * what will be done and why it asks. Focus moves to the card (not to "Allow once", so a stray
 * Enter allows nothing).
 */
export function ConfirmCard({ request }: { request: ConfirmRequest }) {
  const [busy, setBusy] = useState(false);
  const card = useRef<HTMLDivElement>(null);
  const titleId = useId();
  // keyed by the request, so a new question mounts a new card and takes focus again
  useEffect(() => card.current?.focus(), []);
  const answer = async (a: 'once' | 'run' | 'refuse') => {
    setBusy(true);
    await send('run.confirm', { runId: request.runId, requestId: request.id, answer: a }).catch(() => setBusy(false));
  };
  return (
    <div
      ref={card}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      className={`card confirm ${request.irreversible ? 'irreversible' : ''}`}
      data-testid="confirm"
      data-category={request.category}
    >
      <div className="card-title" id={titleId}>
        {confirmHeadline(request)}
        {request.irreversible && <span className="warn"> This cannot be undone.</span>}
      </div>
      {request.context && (
        // the page's own words around the control: the amount, the recipient, the item
        <blockquote className="context" data-testid="confirm-context">
          {request.context}
        </blockquote>
      )}
      {request.host && (
        <div className="small" data-testid="confirm-host">
          Site: <b>{request.host}</b>
        </div>
      )}
      <div className="small">The co-pilot will: {request.description}</div>
      <details className="small">
        <summary>Why it asks</summary>
        <div className="muted">{request.reason}</div>
        {request.elementLine && <code className="el">{request.elementLine}</code>}
      </details>
      <Answers request={request} busy={busy} answer={(a) => void answer(a)} />
    </div>
  );
}

/** A plan is approved once, or asked step by step, or stopped; an action is allowed once, for the task, or refused. */
function Answers({ request, busy, answer }: { request: ConfirmRequest; busy: boolean; answer: (a: 'once' | 'run' | 'refuse') => void }) {
  if (request.category === 'plan') {
    return (
      <div className="row wrap">
        <button className="primary" disabled={busy} onClick={() => answer('run')}>
          Approve the plan
        </button>
        <button disabled={busy} onClick={() => answer('once')}>
          Ask me at each step
        </button>
        <button disabled={busy} onClick={() => answer('refuse')}>
          Stop
        </button>
      </div>
    );
  }
  return (
    <div className="row wrap">
      <button className="primary" disabled={busy} onClick={() => answer('once')}>
        Allow once
      </button>
      {/* irreversible kinds are asked every time, so there is nothing to allow for the task */}
      {request.rememberable && (
        <button disabled={busy} onClick={() => answer('run')}>
          Allow for this task
        </button>
      )}
      <button disabled={busy} onClick={() => answer('refuse')}>
        Refuse
      </button>
    </div>
  );
}
