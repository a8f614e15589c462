import { useState } from 'react';
import { send } from '../../../platform/rpc';
import type { EventRecord, RunRecord } from '../../../storage/db';
import type { Connection } from '../../use-connection';
import { elapsed, slowness, useLastSignal, useNow } from './sign-of-life';

/** A plan takes a few seconds; after this the panel says what it waits for. */
const WAITING_LINE_AFTER_MS = 3_000;

/**
 * A running task that has gone quiet says so: "The model is slow (20 s)…", with Stop and Keep
 * waiting, instead of a static "Working…" for minutes.
 */
export function SlowNotice({ run, events, connection }: { run?: RunRecord; events: EventRecord[]; connection: Connection }) {
  const running = run?.status === 'running';
  const signal = useLastSignal(connection, run?.runId);
  const now = useNow(running);
  const [keptWaitingAt, setKeptWaitingAt] = useState(0);
  if (!run || !running) return null;
  const own = events.filter((e) => e.runId === run.runId);
  const last = own.reduce<EventRecord | undefined>((a, e) => (!a || e.time >= a.time ? e : a), undefined);
  const since = Math.max(signal, last?.time ?? 0, keptWaitingAt);
  const slow = slowness(now, since, last?.type);
  // before the first plan, the timeline has nothing to show: a quiet line says what it waits for
  if (!slow) return now - since >= WAITING_LINE_AFTER_MS && !own.some((e) => e.type === 'plan') ? <p className="muted small waiting-model" role="status" data-testid="waiting-model">Waiting for the model’s plan… {elapsed(now - since)}</p> : null;
  return (
    <div className="card slow" role="status" data-testid="slow">
      <div>
        {slow.who === 'model' ? 'The model is slow' : 'The page is slow to respond'} ({slow.seconds} s)…
      </div>
      <div className="row">
        <button className="stop" onClick={() => void send('run.stop', { runId: run.runId }).catch(() => {})}>
          Stop
        </button>
        <button onClick={() => setKeptWaitingAt(Date.now())}>Keep waiting</button>
      </div>
    </div>
  );
}
