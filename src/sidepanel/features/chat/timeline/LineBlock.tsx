import type { EventRecord } from '../../../../storage/db';
import { pageRefusedIn, startedInWords } from '../../../../shared/plain-words';
import { EventItem } from '../events/EventItem';
import { isShownAsIs, type Block } from './blocks';
import { ActionWords, Details, gateOf, inDetails, type LineContext } from './StepBlock';

const TRIAL_END: Record<string, string> = {
  cycle: 'it went in circles',
  no_change: 'the page stopped changing',
  incomplete: 'it ran out of steps',
  exception: 'the model’s answers could not be used',
  failed: 'a step failed',
};

/** A line between steps in plain words; null for the kinds shown as they are. */
function plainText(e: EventRecord): string | null {
  switch (e.type) {
    case 'plan':
      return e.planNo > 0 ? `New plan: ${count(e.steps.length)}` : `Plan: ${count(e.steps.length)}`;
    case 'run_started':
      return startedInWords(e);
    case 'trial_ended':
      // an action the page would not take ends an attempt as the model's unusable answers do: said as what happened
      return `Attempt ${e.trial + 1} did not work: ${e.status === 'exception' && pageRefusedIn(e.reason) ? 'the page would not take a step' : (TRIAL_END[e.status] ?? e.status)}`;
    case 'reflection':
      return 'Looked back at what went wrong; trying again with a correction';
    case 'observation':
      return `That did not work: ${e.error?.message ?? e.summary}`;
    default:
      return null;
  }
}
const count = (n: number) => `${n} step${n === 1 ? '' : 's'}`;

/** Something between plan steps (a plan, a confirmation, the end), with its details when it has any. */
export function LineBlock({ block, ctx }: { block: Extract<Block, { kind: 'line' }>; ctx: LineContext }) {
  const e = block.event;
  const key = `e${e.id}`;
  const text = plainText(e);
  const hasDetails = inDetails(block.raw, ctx.showDetails).length > 0;
  if (text !== null && !isShownAsIs(e)) {
    // the toggle sits on the line itself: a plan reads as one line with its model text behind it
    return (
      <li className={`ev plain small ${e.type === 'observation' || e.type === 'trial_ended' ? 'error' : 'muted'}`}>
        {text}
        {hasDetails && <Details events={block.raw} open ctx={ctx} />}
      </li>
    );
  }
  const line =
    e.type === 'action' ? (
      <ActionWords event={e} gate={gateOf(e, ctx)} />
    ) : (
      <EventItem event={e} live={ctx.live(e.runId)} pinned={ctx.pinnedKey === key} onStep={ctx.askedOnAStep.has(key)} gate={gateOf(e, ctx)} />
    );
  return (
    <>
      {line}
      {hasDetails && (
        <li className="line-details">
          <Details events={block.raw} open ctx={ctx} />
        </li>
      )}
    </>
  );
}
