import type { ChatMessageRecord, EventRecord } from '../../../storage/db';

export type NoteState = 'queued' | 'read' | 'unread';

/** Whether the run's planner has read a note added while it worked, from the run's events. */
export function noteState(message: ChatMessageRecord, events: EventRecord[], live: boolean): NoteState {
  const id = message.followUpId;
  if (events.some((e) => e.type === 'follow_up_read' && e.runId === message.runId && id !== undefined && e.ids.includes(id))) return 'read';
  return live ? 'queued' : 'unread';
}

const WORDS: Record<NoteState, string> = {
  queued: 'Queued: the co-pilot reads it before its next step',
  read: 'Read by the co-pilot',
  unread: 'Not read: the task ended first',
};

/** The person's note, with whether it reached the run yet. */
export function FollowUpNote({ message, state }: { message: ChatMessageRecord; state: NoteState }) {
  return (
    <li className="msg user follow-up" data-testid="follow-up" data-state={state}>
      {message.text}
      <span className="note-state small">{WORDS[state]}</span>
    </li>
  );
}
