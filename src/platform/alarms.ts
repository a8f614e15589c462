import { wakeOn } from './wake';

/**
 * Alarms wake the background at a given time (workflow schedules). Chrome and Firefox both have
 * `alarms`; it is asked for, not assumed, so a browser without it reports a problem instead of
 * ending the background module. An alarm outlives the service worker but not always a browser
 * restart: the schedules re-create theirs when the background starts.
 */
const api = (): typeof chrome.alarms | undefined => (typeof chrome !== 'undefined' ? chrome.alarms : undefined);

export async function setAlarm(name: string, when: number): Promise<void> {
  await api()?.create(name, { when });
}

export async function clearAlarm(name: string): Promise<void> {
  await api()?.clear(name);
}

export async function alarmNames(): Promise<string[]> {
  const all = (await api()?.getAll()) ?? [];
  return all.map((a) => a.name);
}

/** Registers the listener at the background's start (an alarm firing wakes it); a problem in words when there is no alarm API. */
export function onAlarm(listener: (name: string) => void): string | undefined {
  if (!api()) return 'Schedules cannot run in this browser: it has no alarms.';
  wakeOn('alarms.onAlarm', (alarm) => listener(alarm.name));
  return undefined;
}
