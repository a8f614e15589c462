import { useCallback, useEffect, useState } from 'react';
import { send } from '../../../platform/rpc';

/**
 * Whether a provider is set up (undefined until the worker answers). Asked once the worker is
 * connected, again after it restarts, and by `recheck` after the person saves.
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
  return { configured, recheck };
}
