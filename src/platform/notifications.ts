import { wakeOn } from './wake';

/**
 * System notifications (a scheduled run that changed or needs the person). Both browsers have
 * `notifications` with the basic type; asked for, not assumed.
 */
const api = (): typeof chrome.notifications | undefined => (typeof chrome !== 'undefined' ? chrome.notifications : undefined);

export async function notify(id: string, title: string, message: string): Promise<void> {
  const n = api();
  if (!n) return;
  await n.create(id, { type: 'basic', iconUrl: chrome.runtime.getURL('icons/icon128.png'), title, message: message.slice(0, 500) });
}

export async function clearNotification(id: string): Promise<void> {
  await api()?.clear(id);
}

export function onNotificationClicked(listener: (id: string) => void): void {
  if (api()) wakeOn('notifications.onClicked', listener);
}
