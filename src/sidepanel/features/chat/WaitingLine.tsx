import type { Waiting } from './waiting';

const SAYS: Record<Exclude<Waiting['kind'], 'final'>, string> = {
  confirm: 'The open chat waits for your answer.',
  handoff: 'The open chat waits for you to finish a step in the page.',
  question: 'The open chat has a question for you.',
  resume: 'The open chat stopped on an error; Resume is there.',
};

/**
 * What stands in for the pinned card while the Chats list is open: one line, so the list keeps
 * the panel's height; the card itself is back with the chat. A result says nothing here.
 */
export function WaitingLine({ waiting, onBack }: { waiting?: Waiting; onBack: () => void }) {
  if (!waiting || waiting.kind === 'final') return null;
  return (
    <div className="dock dock-line small" data-testid="dock-line" data-kind={waiting.kind} aria-live="polite">
      <span>{SAYS[waiting.kind]}</span>{' '}
      <button className="link" onClick={onBack}>
        Back to the chat
      </button>
    </div>
  );
}
