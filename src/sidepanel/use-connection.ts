import { useCallback, useEffect, useRef, useState } from 'react';
import { EVENTS_PORT, PortMessage } from '../shared/port';

export interface Connection {
  connected: boolean;
  /** when the service worker we talk to started; changes after a restart */
  bootedAt?: number;
  /** how many times the service worker was seen to restart while this panel was open */
  restarts: number;
  /** what the browser cannot do that the co-pilot needs, as the service worker reported it */
  problems: string[];
  /** counts the worker's word that the stored settings changed: what they allow is asked again */
  settingsSeen: number;
  /** run events as they arrive (unvalidated payloads; views validate what they render) */
  subscribe(listener: (event: unknown) => void): () => void;
}

/**
 * Keeps a port open to the service worker and reopens it when the worker dies (MV3 stops idle
 * workers; connecting again wakes it). State is never kept only in the port: views re-read it
 * from storage on reconnect, so a restart loses nothing.
 */
export function useConnection(): Connection {
  const [state, setState] = useState<{ connected: boolean; bootedAt?: number; restarts: number; problems: string[]; settingsSeen: number }>({ connected: false, restarts: 0, problems: [], settingsSeen: 0 });
  const listeners = useRef(new Set<(event: unknown) => void>());
  useEffect(() => {
    let port: chrome.runtime.Port | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let closed = false;
    let delay = 100;
    const open = () => {
      if (closed) return;
      port = chrome.runtime.connect({ name: EVENTS_PORT });
      port.onMessage.addListener((raw) => {
        const msg = PortMessage.safeParse(raw);
        if (!msg.success) return;
        if (msg.data.type === 'hello') {
          const { bootedAt, problems } = msg.data;
          delay = 100;
          setState((s) => ({ ...s, connected: true, bootedAt, problems, restarts: s.bootedAt && s.bootedAt !== bootedAt ? s.restarts + 1 : s.restarts }));
        } else if (msg.data.type === 'settings') {
          setState((s) => ({ ...s, settingsSeen: s.settingsSeen + 1 }));
        } else {
          for (const l of listeners.current) l(msg.data.event);
        }
      });
      port.onDisconnect.addListener(() => {
        void chrome.runtime.lastError; // read so Chrome does not log it as unchecked
        setState((s) => ({ ...s, connected: false }));
        timer = setTimeout(open, delay);
        delay = Math.min(delay * 2, 2000);
      });
    };
    open();
    return () => {
      closed = true;
      clearTimeout(timer);
      port?.disconnect();
    };
  }, []);
  const subscribe = useCallback((listener: (event: unknown) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  return { ...state, subscribe };
}
