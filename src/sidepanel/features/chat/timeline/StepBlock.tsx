import { useId, useState } from 'react';
import type { EventRecord } from '../../../../storage/db';
import { EventItem } from '../events/EventItem';
import { GATE_TAG, type GateState } from '../events/ActionLine';
import { stepStatus, type Block } from './blocks';
import { actionInWords, changeInWords, failureInWords, idsInWords, manyInWords, namesById, stepInWords } from '../../../../shared/plain-words';
import { elapsed, useNow } from '../sign-of-life';
import type { ActionOutcome } from '../action-outcomes';
import { DownloadLines } from '../events/DownloadLines';

/** How long the step has been going: a sign of life while the model or the page works. */
function StepTimer({ from }: { from: number }) {
  const now = useNow(true);
  return (
    <span className="step-time muted small" data-testid="step-time" aria-hidden="true">
      {elapsed(now - from)}
    </span>
  );
}

/** What a line needs to know about the run around it. */
export interface LineContext {
  live: (runId: string) => boolean;
  pinnedKey?: string;
  /** confirmations whose step's own line says they are asked below */
  askedOnAStep: Set<string>;
  gates: Map<string, 'waiting' | 'allowed' | 'refused'>;
  /** what the page said of each action (action-outcomes.ts); none yet while it runs */
  outcomes: Map<string, ActionOutcome>;
  /** actions whose field does not show what they typed, "runId:step" (action-outcomes.ts) */
  offSteps: Set<string>;
  showDetails: boolean;
}

const keyOf = (e: EventRecord) => `e${e.id}`;
const ICON = { running: '…', done: '✓', failed: '✗', stopped: '–' } as const;

export function gateOf(e: EventRecord, ctx: LineContext): GateState | undefined {
  const g = ctx.gates.get(keyOf(e));
  if (g === 'waiting' || g === 'refused') return g === 'waiting' && !ctx.live(e.runId) ? 'not_done' : g;
  // said in the past tense only once the page confirmed it: going on, it is "Now:"; failed or cut short, "Not done:"
  const outcome = ctx.outcomes.get(keyOf(e));
  if (outcome === 'failed') return 'not_done';
  if (!outcome) return ctx.live(e.runId) ? 'now' : 'not_done';
  return g;
}

/** One action in plain words: in the past tense once the page confirmed it, else as a request with its state. */
export function ActionWords({ event, gate }: { event: Extract<EventRecord, { type: 'action' }>; gate?: GateState }) {
  const tag = gate && GATE_TAG[gate];
  const asked = gate === 'waiting' || gate === 'refused' || gate === 'not_done' || gate === 'now';
  const allowed = gate === 'allowed';
  return (
    <li className={`ev plain small ${tag ? 'gated' : ''}`} data-testid="plain-action" data-kind={event.action.kind} data-gate={gate ?? ''}>
      {tag && <span className="gate-tag">{tag}</span>}
      {actionInWords(event.action, event.line, asked ? 'ask' : 'past')}
      {/* the line comes before its question in the timeline (a click's post is held and asked about): it took effect only after the answer */}
      {allowed && <span className="muted"> (once you allowed it)</span>}
    </li>
  );
}

/** An event of a step as a plain line, or null when it belongs only in the details. */
function PlainLine({ event: e, ctx, names }: { event: EventRecord; ctx: LineContext; names: ReadonlyMap<number, string> }) {
  if (e.type === 'action') return <ActionWords event={e} gate={gateOf(e, ctx)} />;
  if (e.type === 'observation') {
    if (!e.ok) return e.error?.code === 'refused' ? null : <li className="ev plain small error">That did not work: {idsInWords(e.error?.message ?? e.summary, names)}</li>;
    const words = changeInWords(e.change);
    const downloads = e.change?.downloads ?? [];
    if (downloads.length) return <DownloadLines downloads={downloads} />;
    return words ? <li className="ev plain small">{words}</li> : null;
  }
  if (e.type === 'usage' || e.type === 'thought' || e.type === 'grounding_repair' || e.type === 'page_wait') return null;
  return <EventItem event={e} live={ctx.live(e.runId)} pinned={ctx.pinnedKey === keyOf(e)} onStep={ctx.askedOnAStep.has(keyOf(e))} />;
}

type ActionEvent = Extract<EventRecord, { type: 'action' }>;

/**
 * A step's events, with runs of like actions (none asked about) gathered into one item; events
 * that show no line of their own (model text, small page changes) do not break a run.
 */
function groupAlike(events: EventRecord[], ctx: LineContext): (EventRecord | ActionEvent[])[] {
  const out: (EventRecord | ActionEvent[])[] = [];
  let run: ActionEvent[] = [];
  const flush = () => {
    if (manyInWords(run)) out.push(run);
    else out.push(...run);
    run = [];
  };
  for (const e of events) {
    // model text and small page changes show no line: they do not break a run (they stay in the details)
    const quiet = e.type === 'thought' || e.type === 'usage' || (e.type === 'observation' && e.ok && !changeInWords(e.change) && !e.change?.downloads?.length);
    if (quiet && run.length) continue;
    const joins = e.type === 'action' && !ctx.gates.has(keyOf(e)) && ctx.outcomes.get(keyOf(e)) === 'done';
    if (!joins || (run.length && run[0]!.action.kind !== e.action.kind)) flush();
    if (joins) run.push(e);
    else out.push(e);
  }
  flush();
  return out;
}

/**
 * An EACH step reads as one line an item: the tabs it opened and closed for them, and what it did
 * on each item's page, stay in the details, unless the person is asked about one of them.
 */
function plainEvents(block: Extract<Block, { kind: 'step' }>, ctx: LineContext): EventRecord[] {
  // a value the page cut as it was typed: its finding ("shows “SPRI”, not “SPRING25”") is the line, not "Typed SPRING25"
  const cut = new Set(block.events.flatMap((e) => (e.type === 'field_check' ? [e.step] : [])));
  const events = cut.size ? block.events.filter((e) => e.type !== 'action' || !cut.has(e.step)) : block.events;
  if (block.start.call.policy.trim().toUpperCase() !== 'EACH') return events;
  return events.filter((e) => (e.type !== 'action' && e.type !== 'observation') || ctx.gates.has(keyOf(e)) || (e.type === 'observation' && !e.ok));
}

/** The planner's thought that is its plan's own reason, word for word: said once, with the plan. */
/**
 * What a step's Details show: why (the model's reasons), what went wrong, what the page said. Its
 * actions are said already in the step's lines, in words: the raw record (the action as the model
 * wrote it, the element's page-model line and id) is for developers, with "Show details" on.
 */
export function inDetails(events: EventRecord[], developer: boolean): EventRecord[] {
  // a table is a result, shown once among the step's lines, not again in the record
  // an attempt that ended done is the run's end, said once by its card
  const record = (e: EventRecord) => e.type === 'action' || (e.type === 'trial_ended' && e.status === 'done');
  return events.filter((e) => e.type !== 'table' && e.type !== 'usage' && !saidByPlan(e, events) && (developer || !record(e)));
}

function saidByPlan(e: EventRecord, events: EventRecord[]): boolean {
  return e.type === 'thought' && e.source === 'planner' && events.some((p) => p.type === 'plan' && p.reasoning.trim() === e.text.trim());
}

/** Model calls and tokens of the events in a block's details. */
function Usage({ events }: { events: EventRecord[] }) {
  const uses = events.filter((e): e is Extract<EventRecord, { type: 'usage' }> => e.type === 'usage');
  if (!uses.length) return null;
  const input = uses.reduce((n, u) => n + u.inputTokens, 0);
  const output = uses.reduce((n, u) => n + u.outputTokens, 0);
  const cost = uses.every((u) => u.costUsd !== null) ? uses.reduce((n, u) => n + (u.costUsd ?? 0), 0) : null;
  return (
    <li className="ev muted small">
      {uses.length} model call{uses.length > 1 ? 's' : ''} · {input.toLocaleString()} in / {output.toLocaleString()} out tokens
      {cost !== null && ` · $${cost.toFixed(4)}`}
    </li>
  );
}

/**
 * What is behind a block: why, what went wrong, what the page said (and, with "Show details" on,
 * the raw record: actions with their element lines, model calls and tokens). Always in the
 * document (hidden until asked for), so it can be searched and copied.
 */
export function Details({ events, open, ctx }: { events: EventRecord[]; open: boolean; ctx: LineContext }) {
  const id = useId();
  const [shown, setShown] = useState<boolean>();
  const visible = open && (shown ?? ctx.showDetails);
  const lines = inDetails(events, ctx.showDetails);
  if (!lines.length && !(ctx.showDetails && events.length)) return null;
  return (
    <>
      {open && (
        <button className="link small details-toggle" aria-expanded={visible} aria-controls={id} onClick={() => setShown(!visible)}>
          {visible ? 'Hide details' : 'Details'}
        </button>
      )}
      <ol className="details" id={id} hidden={!visible} data-testid="details">
        {lines.map((e) => (
          <EventItem key={keyOf(e)} event={e} live={ctx.live(e.runId)} pinned={false} gate={gateOf(e, ctx)} />
        ))}
        {/* model calls and tokens are the developers' ("Show details" in Settings), not the person's */}
        {ctx.showDetails && <Usage events={events} />}
      </ol>
    </>
  );
}

/** One plan step: its heading, its plain lines when opened, and its details behind a toggle. */
export function StepBlock({ block, ctx }: { block: Extract<Block, { kind: 'step' }>; ctx: LineContext }) {
  const status = stepStatus(block, ctx.live(block.start.runId));
  const waitsHere = block.events.some((e) => keyOf(e) === ctx.pinnedKey) || block.events.some((e) => ctx.gates.get(keyOf(e)) === 'waiting' && ctx.live(e.runId));
  const [chosen, setOpen] = useState<boolean>();
  // a step that produced a table or a download stays open: that is the result the person asked for
  const hasResult = block.events.some((e) => e.type === 'table' || (e.type === 'observation' && !!e.change?.downloads?.length));
  // so does one where the person answered a question: what they allowed or refused is part of the record they read back
  const answered = block.events.some((e) => e.type === 'confirmation_answered');
  // done, but a field does not show what was typed: no tick, and the line that says so is in view
  const off = status === 'done' && block.events.some((e) => e.type === 'action' && ctx.offSteps.has(`${e.runId}:${e.step}`));
  const open = chosen ?? (status === 'running' || waitsHere || hasResult || answered || off || ctx.showDetails);
  const id = useId();
  // the step's elements by id, so a page's refusal names them as the person sees them
  const names = namesById(block.events.filter((e): e is ActionEvent => e.type === 'action'));
  const failure = block.end?.status === 'failed' ? idsInWords(failureInWords(block.end.summary), names) : '';
  return (
    <li className={`step ${status}${off ? ' off' : ''}`} data-testid="step" data-status={status} data-off={off || undefined}>
      {/* named by its place, described by its words: the page's own button words ("Send", "Stop")
          in a step's title must not make a second button of that name next to the panel's own */}
      <button className="step-head" aria-label={`Plan item ${block.start.planIndex + 1}`} aria-describedby={`${id}-title`} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <span className="step-icon" aria-hidden="true">
          {off ? '!' : ICON[status]}
        </span>
        <span className="step-title" id={`${id}-title`}>
          {stepInWords(block.start.call)}
          <span className="visually-hidden">{status === 'running' ? ' (in progress)' : status === 'failed' ? ' (failed)' : off ? ' (not as asked)' : ''}</span>
        </span>
        {status === 'running' && <StepTimer from={block.start.time} />}
      </button>
      {failure && <div className="small error step-failure">Could not do this step: {failure}</div>}
      <ol className="step-lines" id={id} hidden={!open}>
        {groupAlike(plainEvents(block, ctx), ctx).map((item) =>
          Array.isArray(item) ? (
            <li key={keyOf(item[0]!)} className="ev plain small" data-testid="plain-many" title={item.map((a) => actionInWords(a.action, a.line)).join('\n')}>
              {manyInWords(item)}
            </li>
          ) : (
            <PlainLine key={keyOf(item)} event={item} ctx={ctx} names={names} />
          ),
        )}
      </ol>
      <Details events={block.raw} open={open} ctx={ctx} />
    </li>
  );
}
