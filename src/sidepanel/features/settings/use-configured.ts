import { useCallback, useEffect, useRef, useState } from 'react';
import { send } from '../../../platform/rpc';

/**
 * Whether a provider is set up (undefined until the worker answers). Asked once the worker is
 * connected, again after it restarts, by `recheck` after the person saves, whenever the worker
 * says the stored settings changed (saved by another page, or written straight into storage), and
 * every 2 s while nothing is set up (Firefox's worker hears only of its own writes). `onReady` runs at each answer
 * that says set up: a task kept meanwhile goes then, wherever the settings were saved.
 */
export function useConfigured(bootedAt: number | undefined, settingsSeen: number, onReady?: () => void): { configured: boolean | undefined; recheck: () => Promise<boolean> } {
  const [configured, setConfigured] = useState<boolean>();
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  }, [onReady]);
  const heard = useCallback((ok: boolean) => {
    setConfigured(ok);
    if (ok) ready.current?.();
  }, []);
  const recheck = useCallback(async () => {
    const status = await send('system.status', {}).catch(() => null);
    if (status) heard(status.configured);
    return !!status?.configured;
  }, [heard]);
  // at the worker's start and at each word from it that the stored settings changed
  useEffect(() => {
    if (bootedAt === undefined) return;
    send('system.status', {}).then(
      (s) => heard(s.configured),
      () => undefined,
    );
  }, [bootedAt, settingsSeen, heard]);
  useEffect(() => {
    if (configured !== false) return;
    const timer = setInterval(() => {
      send('system.status', {}).then(
        (s) => s.configured && heard(true),
        () => undefined,
      );
    }, 2_000);
    return () => clearInterval(timer);
  }, [configured, heard]);
  return { configured, recheck };
}
