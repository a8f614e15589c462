import type { ChatMessageRecord, EventRecord } from '../../../../storage/db';

/**
 * The timeline as a person reads it: the person's messages, one collapsible block per plan step
 * (its plain lines and, behind "details", the raw events), and single lines for what happens
 * between steps (a confirmation, the end). Model text, element lines and page diffs between steps
 * ride along in the details of the block before them.
 */
export type Block =
  | { kind: 'message'; key: string; message: ChatMessageRecord }
  | { kind: 'line'; key: string; event: EventRecord; raw: EventRecord[] }
  | { kind: 'step'; key: string; start: Of<'policy_started'>; end?: Of<'policy_finished'>; events: EventRecord[]; raw: EventRecord[] };

type Of<T extends EventRecord['type']> = Extract<EventRecord, { type: T }>;
export type Entry = { at: number; key: string; message?: ChatMessageRecord; event?: EventRecord };

/**
 * Events with a plain form of their own (a sentence instead of the raw record), or with none at
 * all: their raw record goes in the details. Every other kind is shown as EventItem renders it,
 * so a new event kind needs only its case there to appear in the timeline.
 */
const RAW_IN_DETAILS = new Set<string>(['run_started', 'plan', 'thought', 'action', 'observation', 'grounding_repair', 'trial_ended', 'reflection', 'usage', 'text_delta', 'policy_started', 'policy_finished', 'follow_up_read', 'page_wait']);

/** Events whose own line already is the plain one: never repeated in the details. */
export const isShownAsIs = (e: EventRecord) => !RAW_IN_DETAILS.has(e.type);

/** Between steps, a line of its own, or only in the details? */
function standsAlone(e: EventRecord): boolean {
  if (isShownAsIs(e)) return true;
  switch (e.type) {
    case 'run_started':
      return e.resumed;
    case 'plan':
      return e.steps.length > 0;
    case 'trial_ended':
      return e.status !== 'done';
    case 'reflection':
    case 'action':
      return true;
    case 'observation':
      return !e.ok && e.error?.code !== 'refused';
    default:
      return false;
  }
}

/** Groups the sorted entries into blocks; `usage` events stay in the blocks (token counts in the details). */
export function buildBlocks(entries: Entry[]): Block[] {
  const blocks: Block[] = [];
  const open = new Map<string, Extract<Block, { kind: 'step' }>>();
  let pending: EventRecord[] = [];
  const last = () => blocks.at(-1);
  const addRaw = (e: EventRecord) => {
    const b = last();
    if (b && b.kind !== 'message') b.raw.push(e);
    else pending.push(e);
  };
  for (const entry of entries) {
    if (entry.message) {
      blocks.push({ kind: 'message', key: entry.key, message: entry.message });
      continue;
    }
    const e = entry.event!;
    const step = open.get(e.runId);
    if (e.type === 'policy_started') {
      const b: Extract<Block, { kind: 'step' }> = { kind: 'step', key: entry.key, start: e, events: [], raw: [...pending] };
      pending = [];
      open.set(e.runId, b);
      blocks.push(b);
    } else if (step && e.type === 'policy_finished') {
      step.end = e;
      step.raw.push(e);
      open.delete(e.runId);
    } else if (step && !['done', 'error', 'stopped', 'run_started', 'plan', 'trial_ended'].includes(e.type)) {
      step.events.push(e);
      if (!isShownAsIs(e)) step.raw.push(e);
    } else {
      // a run that ends or restarts mid-step leaves that step as it was
      if (step) open.delete(e.runId);
      if (standsAlone(e)) {
        blocks.push({ kind: 'line', key: entry.key, event: e, raw: isShownAsIs(e) ? [...pending] : [...pending, e] });
        pending = [];
      } else addRaw(e);
    }
  }
  return blocks;
}

/** How a step stands: still running, done, failed, or waiting for the person. */
export function stepStatus(b: Extract<Block, { kind: 'step' }>, live: boolean): 'running' | 'done' | 'failed' | 'stopped' {
  if (b.end) return b.end.status;
  return live ? 'running' : 'stopped';
}
