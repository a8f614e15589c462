import type { Cadence } from '../../shared/schedule';

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

export const periodMs = (c: Extract<Cadence, { kind: 'every' }>) => c.amount * UNIT_MS[c.unit];

/**
 * The first run of a new schedule: an interval runs at once (that run is the baseline the next is
 * compared with); a time of day at its next occurrence.
 */
export function firstRunAt(cadence: Cadence, now: number): number {
  return cadence.kind === 'every' ? now : nextDailyAfter(cadence.time, now);
}

/**
 * The run after one that was due at `dueAt`, strictly after `now`. Intervals stay on their grid
 * (dueAt + k periods), so a late alarm does not shift every later run; a browser closed over
 * several periods yields one run now and the next on the grid, never one run per missed period.
 */
export function nextRunAfter(cadence: Cadence, dueAt: number, now: number): number {
  if (cadence.kind === 'daily') return nextDailyAfter(cadence.time, now);
  const period = periodMs(cadence);
  const k = Math.max(1, Math.floor((now - dueAt) / period) + 1);
  return dueAt + k * period;
}

/** The next moment strictly after `now` when the local clock shows `time` (HH:MM). */
export function nextDailyAfter(time: string, now: number): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const d = new Date(now);
  d.setHours(h, m, 0, 0);
  // setHours on the next day's date keeps the local time across a daylight-saving change
  while (d.getTime() <= now) {
    d.setDate(d.getDate() + 1);
    d.setHours(h, m, 0, 0);
  }
  return d.getTime();
}

export interface Due {
  /** run now (once) */
  run: boolean;
  /** runs that fell due while nothing ran (browser closed), beyond the one run now */
  missed: number;
  /** when the schedule runs next after this one */
  next: number;
}

/** Whether a schedule is due at `now`, and the collapse of missed runs into one. */
export function dueNow(s: { cadence: Cadence; nextRunAt: number; paused: boolean }, now: number): Due {
  if (s.paused || s.nextRunAt > now) return { run: false, missed: 0, next: s.nextRunAt };
  const missed = s.cadence.kind === 'every' ? Math.floor((now - s.nextRunAt) / periodMs(s.cadence)) : Math.floor((now - s.nextRunAt) / UNIT_MS.days);
  return { run: true, missed, next: nextRunAfter(s.cadence, s.nextRunAt, now) };
}

/** "every 15 minutes", "every day at 08:30", for the list and the notifications. */
export function cadenceText(c: Cadence): string {
  if (c.kind === 'daily') return `every day at ${c.time}`;
  const unit = c.amount === 1 ? c.unit.slice(0, -1) : c.unit;
  return c.amount === 1 ? `every ${unit}` : `every ${c.amount} ${unit}`;
}
