import type { LastRun, Schedule } from '../../../shared/schedule';
import { send } from '../../../platform/rpc';
import { cadenceText } from '../../../workflows/schedule/next-run';
import { DeleteButton } from '../../confirm-delete';
import { showTab } from '../chat/OtherRuns';

const OUTCOME: Record<LastRun['outcome'], string> = {
  done: 'Done',
  first: 'First result',
  changed: 'Changed',
  unchanged: 'No change',
  waiting: 'Needs you',
  failed: 'Did not finish',
};

/** "Tue 08:30" within a week, else the date too. */
export function whenText(t: number, now = Date.now()): string {
  const d = new Date(t);
  const near = Math.abs(t - now) < 6 * 86_400_000;
  return d.toLocaleString([], near ? { weekday: 'short', hour: '2-digit', minute: '2-digit' } : { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' });
}

/** One schedule: how often, the next run, the last result; pause or resume, run now, delete. */
export function ScheduleItem({ schedule: s, onMessage }: { schedule: Schedule; onMessage: (text: string, error?: boolean) => void }) {
  const call = (p: Promise<{ ok: boolean; message: string }>) =>
    p.then(
      (r) => r.message && onMessage(r.message, !r.ok),
      (e: Error) => onMessage(e.message, true),
    );
  // the run waits in its tab: the way there is beside the words that say so (its question is answered there)
  const waitsIn = s.running && s.last?.outcome === 'waiting' && s.last.replayId === s.running.replayId ? s.running.tabId : undefined;
  return (
    <li data-testid="schedule" data-schedule-id={s.id} data-outcome={s.last?.outcome ?? ''}>
      <div>
        <strong>{s.name}</strong> <span className="muted">{cadenceText(s.cadence)}</span>
      </div>
      <div className="small">
        {s.paused ? 'Paused' : s.running ? (waitsIn !== undefined ? 'Waiting for you in its tab' : 'Running now') : `Next run: ${whenText(s.nextRunAt)}`}
        {s.watch && <span className="muted"> · tells you when the result changes</span>}
      </div>
      {s.last && (
        <div className={`small ${s.last.outcome === 'waiting' || s.last.outcome === 'failed' ? 'error' : ''}`} data-testid="schedule-last">
          <strong>{OUTCOME[s.last.outcome]}</strong> <span className="muted">({whenText(s.last.at)})</span>: {s.last.message}
        </div>
      )}
      <div className="row">
        {waitsIn !== undefined && (
          <button type="button" className="primary" onClick={() => void showTab(waitsIn).catch(() => onMessage('Its tab is no longer open.', true))}>
            Open its tab
          </button>
        )}
        <button type="button" onClick={() => void call(send('schedules.pause', { id: s.id, paused: !s.paused }))}>
          {s.paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" onClick={() => void call(send('schedules.runNow', { id: s.id }))}>
          Run now
        </button>
        <DeleteButton what={`the schedule of ${s.name}`} onDelete={() => void call(send('schedules.delete', { id: s.id }).then((r) => ({ ...r, message: r.ok ? `The schedule of “${s.name}” was deleted.` : r.message })))} />
      </div>
    </li>
  );
}
