import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { send } from '../../../../platform/rpc';
import type { AgentAction } from '../../../../shared/action';
import type { ConfirmAnswer, ConfirmCategory, ConfirmRequest } from '../../../../shared/run-events';
import { cap, hostOf } from '../../../../workflows/text';
import { SentList } from './SentList';
import { listInWords } from '../../../../shared/plain-words';
import { controlInWords, whyItAsks, withoutSite } from './confirm-words';
import { useMoreBelow } from './use-more-below';
import { useShowDetails } from '../timeline/show-details';
import { namesSite, SiteLine, SiteTitle } from './SiteTitle';

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
  return: 'Go back where the task stopped',
};

/** A sum of money as pages write it: $42.00, € 1.299,00, 12.50 EUR. */
const AMOUNT = /(?:[$€£¥]\s?\d[\d.,]*|\d[\d.,]*\s?(?:USD|EUR|GBP|CHF|JPY|CAD|AUD|€|£))/;

type Headed = Pick<ConfirmRequest, 'category' | 'host' | 'description' | 'context'> &
  Partial<Pick<ConfirmRequest, 'control' | 'sends'>> & { action?: AgentAction | null; to?: string; guess?: boolean; reason?: string };

/** An address as host and path ("shop.example:8080/cart"), as the card names a page. */
function pageAt(url: string): string {
  try {
    const u = new URL(url);
    return `${u.host}${u.pathname === '/' ? '' : u.pathname}`;
  } catch {
    return url;
  }
}

/**
 * "Pay $42.00 on shop.example?": the effect and the site, which is what a person decides on. The
 * amount is taken from the control's own words first, then from the page's words near it.
 */
export function confirmHeadline(request: Headed, where: 'card' | 'line' = 'card'): string {
  // a replay's unsure match: the question itself ("The page shows more than one “Sign in”; is it the one marked in the page?")
  if (request.guess && request.reason) return cap(request.reason);
  // data leaving for another site: where it goes is the question, not "open another site"
  if (request.to) return `Send to ${request.to}${request.host ? ` from ${request.host}` : ''}?`;
  if (request.category === 'form') return formHeadline(request, where);
  // a resumed task: the page it stopped on is the question
  if (request.category === 'return' && request.action?.kind === 'navigate') return `Go back to ${pageAt(request.action.url)}, where the task stopped?`;
  // a typed address on another site: where it goes is the question, not the site it leaves
  const away = request.category === 'navigation' && request.action?.kind === 'navigate' ? hostOf(request.action.url) : '';
  if (away && away !== request.host) return `Open ${away}${request.host ? `, another site than ${request.host}` : ''}?`;
  const amount = request.category === 'payment' ? (AMOUNT.exec(request.description) ?? AMOUNT.exec(request.context))?.[0] : undefined;
  return `${EFFECT[request.category]}${amount ? ` ${amount.trim().replace(/[.,]$/, '')}` : ''}${request.host ? ` on ${request.host}` : ''}?`;
}

/**
 * A form's post (a Next, Continue or Save button): what the person confirms is the control the page
 * shows, in its own words, and what it sends where: "Press “Continue”? It sends the details below
 * to example.com." A step that sends only what the page adds says so rather than "these details".
 * A timeline line has no list below it: there the details are the form's.
 */
function formHeadline(request: Headed, where: 'card' | 'line'): string {
  const to = request.sends?.to.split('/')[0] || request.host;
  const phrase = actionPhrase(request.action ?? null, request.control ?? '');
  if (!phrase) return to ? `Send this form to ${to}?` : 'Send this form?';
  if (!request.sends) return `${phrase}${to ? ` on ${to}` : ''}?`;
  const { fields, hidden } = request.sends;
  const what = fields.length ? (where === 'card' ? 'the details below' : "the form's details") : hidden ? `${hidden === 1 ? 'a value' : 'values'} the page adds` : 'the form';
  return `${phrase}? It sends ${what}${to ? ` to ${to}` : ''}.`;
}

/** What the action does to the control, in the person's words: Press “Continue”, Tick “I agree”, Press Enter. */
function actionPhrase(action: AgentAction | null, control: string): string {
  const named = control ? `“${control}”` : '';
  switch (action?.kind) {
    case 'press':
      return `Press ${action.keys}${named ? ` in ${named}` : ''}`;
    case 'select':
      return `Choose “${action.values.join('”, “')}”${named ? ` in ${named}` : ''}`;
    case 'check':
      return `${action.checked ? 'Tick' : 'Untick'} ${named || 'the box'}`;
    case 'type':
      return named ? `Type into ${named}` : '';
    default:
      return named ? `Press ${named}` : '';
  }
}

/** Who asks: a chat's task, or a replay (its values put back into its words, its own answer words). */
export interface Asker {
  /** "co-pilot" or "replay": "The replay will: …", "Allow for this replay" */
  who: 'co-pilot' | 'replay';
  /** a replay's {{values}} in the person's words */
  words?: (text: string) => string;
  /** the test ids' stem: "confirm" in the chat, "replay-confirm" for a replay */
  testId?: string;
  /** what the worker answered, when it has something to say ("That question is no longer pending") */
  onMessage?: (message: string) => void;
  /** the run's own ways on beside the answers (a replay's Skip step and Stop), pinned with them */
  more?: ReactNode;
}

/** The person's own files in the page, which a post may carry in a shape no field list shows (base64 in a text field). */
function FilesLine({ files, testId }: { files: string[] | undefined; testId: string }) {
  if (!files?.length) return null;
  const one = files.length === 1;
  return (
    <div className="small" data-testid={testId}>
      This page holds your {one ? 'file' : 'files'} {listInWords(files.map((f) => `“${f}”`))}; what it sends may include {one ? 'it' : 'them'}.
    </div>
  );
}

/**
 * Every run's question, one card for a chat task and a replay alike, pinned above the composer
 * while it waits: the effect and the site first, then the page's own words around the control (the
 * amount, the recipient, the item), then exactly what will be done and why it asks. Focus moves to
 * the card (not to "Allow once", so a stray Enter allows nothing).
 */
export function ConfirmCard({ request, who = 'co-pilot', words = (t) => t, testId = 'confirm', onMessage, more: ways }: { request: ConfirmRequest } & Partial<Asker>) {
  const [busy, answer] = useAnswer(request, onMessage);
  const card = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const more = useMoreBelow(card, '.dock');
  const details = useShowDetails();
  // keyed by the request, so a new question mounts a new card and takes focus again
  useEffect(() => card.current?.focus(), []);
  const host = request.host || hostOf(request.url);
  const title = confirmHeadline({ ...request, host });
  const description = namesSite(title, host) ? withoutSite(request.description, host) : request.description;
  return (
    <div
      ref={card}
      tabIndex={-1}
      role="group"
      aria-labelledby={titleId}
      className={`card confirm ${request.irreversible ? 'irreversible' : ''}`}
      data-testid={testId}
      data-category={request.guess ? 'guess' : request.category}
      data-sends-to={request.sends?.to ?? ''}
    >
      <div className="card-title" id={titleId}>
        <SiteTitle title={title} host={host} testId={`${testId}-host`} />
        {request.irreversible && <span className="warn"> This cannot be undone.</span>}
      </div>
      {request.sends && <SentList sends={request.sends} testId={`${testId}-sends`} words={words} />}
      <FilesLine files={request.files} testId={`${testId}-files`} />
      {request.context && (
        // the page's own words around the control: the amount, the recipient, the item
        <blockquote className="context" data-testid={`${testId}-context`}>
          {words(request.context)}
        </blockquote>
      )}
      {/* the site is named once: in the title where it is, else on its own line */}
      <SiteLine title={title} host={host} testId={`${testId}-host`} />
      <div className="small">
        {willInWords(who, words(controlInWords(description)))}
      </div>
      {details && request.elementLine && <code className="el">{request.elementLine}</code>}
      {/* a guess's title is its question already */}
      {!request.guess && (
        // opened in a short panel, the reason is brought into view above the answers, which stay pinned under it
        <details className="small" onToggle={(e) => e.currentTarget.open && e.currentTarget.querySelector('.why')?.scrollIntoView({ block: 'nearest' })}>
          <summary>Why it asks</summary>
          <div className="muted why" data-testid={`${testId}-why`}>
            {words(whyItAsks(request))}
          </div>
        </details>
      )}
      <div className="answers">
        {more && (
          <div className="small muted more-below" data-testid="dock-more">
            Scroll for more ↓
          </div>
        )}
        <Answers request={request} who={who} busy={busy} answer={answer} />
        {ways}
      </div>
    </div>
  );
}

/** The person's answer, sent once: the card goes when the run moves on; one the worker turns down may be given again. */
function useAnswer(request: ConfirmRequest, onMessage?: (message: string) => void): [boolean, (a: ConfirmAnswer) => void] {
  const [busy, setBusy] = useState(false);
  const answer = async (a: ConfirmAnswer) => {
    setBusy(true);
    const r = await send('run.confirm', { runId: request.runId, requestId: request.id, answer: a }).catch((e: Error) => ({ ok: false, message: e.message }));
    if (r.message) onMessage?.(r.message);
    if (!r.ok) setBusy(false);
  };
  return [busy, (a) => void answer(a)];
}

/** A plan is approved once, or asked step by step, or stopped; an action is allowed once, for the task, or refused. */
function Answers({ request, who, busy, answer }: { request: ConfirmRequest; who: Asker['who']; busy: boolean; answer: (a: ConfirmAnswer) => void }) {
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
  if (request.category === 'return') {
    // a resumed task's question is where to go on, not whether to allow something
    return (
      <div className="row wrap">
        <button className="primary" disabled={busy} onClick={() => answer('once')}>
          Go back there
        </button>
        <button disabled={busy} onClick={() => answer('refuse')}>
          Stay on this page
        </button>
      </div>
    );
  }
  return (
    <div className="row wrap">
      {/* a replay's guess: is the marked element the recorded one */}
      <button className="primary" disabled={busy} onClick={() => answer('once')}>
        {request.guess ? 'Use this' : 'Allow once'}
      </button>
      {/* irreversible kinds are asked every time, so there is nothing to allow for the task */}
      {request.rememberable && !request.irreversible && !request.guess && (
        <button disabled={busy} onClick={() => answer('run')}>
          Allow for this {who === 'replay' ? 'replay' : 'task'}
        </button>
      )}
      <button disabled={busy} onClick={() => answer('refuse')}>
        {request.guess ? 'Pick another' : 'Refuse'}
      </button>
    </div>
  );
}

/** "The co-pilot will: …"; a replay's step number goes in the lead ("The replay will, at step 4: click …"), not as a second label. */
function willInWords(who: string, said: string): string {
  const step = /^Step (\d+): /.exec(said);
  return step ? `The ${who} will, at step ${step[1]}: ${said.slice(step[0].length)}` : `The ${who} will: ${said}`;
}
