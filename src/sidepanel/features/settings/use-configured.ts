import { useCallback, useEffect, useState } from 'react';
import { send } from '../../../platform/rpc';

/**
 * Whether a provider is set up (undefined until the worker answers). Asked once the worker is
 * connected, again after it restarts, by `recheck` after the person saves, and while it is not.
 */
export function useConfigured(bootedAt: number | undefined): { configured: boolean | undefined; recheck: () => Promise<boolean> } {
  const [configured, setConfigured] = useState<boolean>();
  const recheck = useCallback(async () => {
    const status = await send('system.status', {}).catch(() => null);
    if (status) setConfigured(status.configured);
    return !!status?.configured;
  }, []);
  useEffect(() => {
    if (bootedAt === undefined) return;
    send('system.status', {}).then(
      (s) => setConfigured(s.configured),
      () => undefined,
    );
  }, [bootedAt]);
  // settings saved elsewhere (the Settings view of another panel, a test's message) end the card
  // too: asked again every 2 s while nothing is set up, and never once something is
  useEffect(() => {
    if (configured !== false) return;
    const timer = setInterval(() => {
      send('system.status', {}).then(
        (s) => s.configured && setConfigured(true),
        () => undefined,
      );
    }, 2_000);
    return () => clearInterval(timer);
  }, [configured]);
  return { configured, recheck };
}
