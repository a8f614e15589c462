import type { ChatMessageRecord, EventRecord, RunRecord } from '../../../storage/db';
import { UsageSummary } from './events/UsageSummary';
import { PinTip } from './PinTip';
import { askedOnAStep, gateStates, LIVE_STATUSES, type Waiting } from './waiting';
import { actionOutcomes, offSteps } from './action-outcomes';
import { buildBlocks, type Entry } from './timeline/blocks';
import { StepBlock, type LineContext } from './timeline/StepBlock';
import { LineBlock } from './timeline/LineBlock';
import { useShowDetails } from './timeline/show-details';
import { FollowUpNote, noteState } from './FollowUpNote';
import { ReplayValues, replayValuesOf } from './events/replay-values';
import { AttachedFiles } from './AttachedFiles';

/**
 * The person's messages and each run's steps in plain words, in the order they happened; each
 * plan step folds into one line. The ending that is pinned below (the latest run's result or its
 * resumable error) is not repeated here.
 */
export function Timeline({ messages, events, runs, waiting }: { messages: ChatMessageRecord[]; events: EventRecord[]; runs: RunRecord[]; waiting?: Waiting }) {
  const showDetails = useShowDetails();
  const movedToDock = waiting && (waiting.kind === 'final' || waiting.kind === 'resume') ? waiting.key : undefined;
  const entries = (
    [
    // A run's closing message is already shown by its `done` event; it is stored for follow-up context.
    ...messages.filter((m) => m.role === 'user' || !m.runId).map((m) => ({ at: m.at, key: `m${m.id}`, message: m })),
      ...events.map((e) => ({ at: e.time, key: `e${e.id}`, event: e })),
    ] as Entry[]
  )
    .filter((e) => e.key !== movedToDock)
    .sort((a, b) => a.at - b.at || (a.event?.id ?? 0) - (b.event?.id ?? 0) || a.key.localeCompare(b.key));
  const live = new Set(runs.filter((r) => LIVE_STATUSES.includes(r.status)).map((r) => r.runId));
  const ctx: LineContext = { live: (runId) => live.has(runId), pinnedKey: waiting?.key, askedOnAStep: askedOnAStep(events), gates: gateStates(events), outcomes: actionOutcomes(events), offSteps: offSteps(events), showDetails };
  const blocks = buildBlocks(entries);
  if (blocks.length === 0)
    return (
      <>
        <p className="muted">Ask for a web task below. The co-pilot works in this tab; you can pause, stop or take over at any time.</p>
        <PinTip />
      </>
    );
  return (
    <ReplayValues.Provider value={replayValuesOf(events)}>
      {/* new lines are read out as they come: the run's progress, for a person who cannot see it */}
      <ol className="timeline" data-testid="timeline" aria-live="polite" aria-relevant="additions">
        {blocks.map((b) =>
          b.kind === 'message' && b.message.followUpId ? (
            <FollowUpNote key={b.key} message={b.message} state={noteState(b.message, events, live.has(b.message.runId ?? ''))} />
          ) : b.kind === 'message' ? (
            <li key={b.key} className={`msg ${b.message.role}`}>
              {b.message.text}
              {b.message.files && <AttachedFiles files={b.message.files} />}
              {b.message.role === 'user' && <HiddenNote text={b.message.text} />}
            </li>
          ) : b.kind === 'step' ? (
            <StepBlock key={b.key} block={b} ctx={ctx} />
          ) : (
            <LineBlock key={b.key} block={b} ctx={ctx} />
          ),
        )}
        <UsageSummary events={events} hidden={!showDetails} />
      </ol>
    </ReplayValues.Provider>
  );
}

/**
 * A password, card number or code the person wrote in a message is kept out of the chat and the
 * model («card number» in its place): said once under the message, so being asked for it in the
 * page later is no surprise.
 */
function HiddenNote({ text }: { text: string }) {
  const kinds = [...new Set([...text.matchAll(/«([^«»\n]{1,40})»/g)].map((m) => m[1]!.replace(/ \d+$/, '')))];
  if (!kinds.length) return null;
  return (
    <div className="hidden-note small" data-testid="hidden-note">
      Your {kinds.length > 1 ? `${kinds.slice(0, -1).join(', ')} and ${kinds.at(-1)}` : kinds[0]} {kinds.length > 1 ? 'are' : 'is'} hidden from the model and from this chat; you type {kinds.length > 1 ? 'them' : 'it'} into the page when it asks.
    </div>
  );
}
