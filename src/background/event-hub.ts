import { EVENTS_PORT, type PortMessage } from '../shared/port';
import { classifySender } from '../platform/rpc';
import { wakeOn } from '../platform/wake';

/**
 * The side panels connected to this service worker. Ports die with the worker; the panel
 * reconnects and re-reads persisted state, so nothing here needs to survive a restart.
 */
const ports = new Set<chrome.runtime.Port>();

export function acceptPanelPorts(hello: () => PortMessage): void {
  wakeOn('runtime.onConnect', (port) => {
    if (port.name !== EVENTS_PORT) return;
    // Only our own side panel may listen to run events; a content script's port is closed at once.
    if (classifySender(port.sender ?? {})?.context !== 'panel') {
      port.disconnect();
      return;
    }
    ports.add(port);
    port.onDisconnect.addListener(() => ports.delete(port));
    port.postMessage(hello());
  });
}

export function broadcast(message: PortMessage): void {
  for (const port of ports) {
    try {
      port.postMessage(message);
    } catch {
      ports.delete(port);
    }
  }
}

/** How many side panels are open and listening (none: a question waits where no one sees it). */
export const panelsOpen = (): number => ports.size;
