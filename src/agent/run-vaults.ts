import type { SecretKeeper } from './ports';
import { SecretVault } from './safety/secrets';

/**
 * Secrets from the person's messages, per run: in memory, and sealed by the host (`keeper`) so
 * that a resume in a new worker still has them; never in the run state.
 */
export function runVaults(keeper: SecretKeeper | undefined) {
  const vaults = new Map<string, SecretVault>();
  const kept = (runId: string, entries: Record<string, string> = {}) => new SecretVault(entries, keeper && ((all) => keeper.save(runId, all)));
  return {
    vaultOf: (runId: string) => vaults.get(runId) ?? vaults.set(runId, kept(runId)).get(runId)!,
    async restoreVault(runId: string) {
      if (vaults.has(runId) || !keeper) return;
      const entries = await keeper.load(runId).catch(() => ({}));
      if (!vaults.has(runId)) vaults.set(runId, kept(runId, entries));
    },
  };
}
