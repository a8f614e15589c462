import { useState } from 'react';
import { send } from '../../../platform/rpc';
import type { EventRecord, RunRecord } from '../../../storage/db';
import type { Connection } from '../../use-connection';
import { slowness, useLastSignal, useNow } from './sign-of-life';

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
  if (!slow) return null;
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
