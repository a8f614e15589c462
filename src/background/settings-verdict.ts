import { readPrivate } from '../platform/private-store';

// The settings' saved verdict, read without zod or the settings' schema: the service worker's boot
// (src/background/boot.ts) answers the panel's greeting with it before the rest of the worker is
// loaded, and settings-store.ts answers with it when it holds.

export const KEY = 'settings';

/**
 * Stored with the settings by saveSettings: whether they allow a model call, and the extension's
 * version that judged it (zod drops the field when the settings are parsed). Within a version only
 * saveSettings writes the settings, so the verdict is what isConfigured would say of them.
 */
export const VERDICT = 'verdict';
export type Verdict = { version: string; configured: boolean; of?: string };

/**
 * What isConfigured reads of the stored settings, unparsed (cheap, unlike the parse): a verdict
 * holds only while these are as it judged them. A write straight into storage that keeps the
 * verdict beside new models or keys would otherwise be answered with the old verdict.
 */
export function judged(stored: unknown): string {
  const s = (stored ?? {}) as { provider?: unknown; models?: unknown; baseUrls?: unknown; apiKeys?: Record<string, unknown> };
  return JSON.stringify([s.provider, s.models, s.baseUrls, Object.entries(s.apiKeys ?? {}).map(([k, v]) => [k, !!v])]);
}

export function versionNow(): string | undefined {
  return globalThis.chrome?.runtime?.getManifest?.().version;
}

/**
 * Whether the stored settings allow a model call, by their saved verdict: false when nothing is
 * stored (the defaults name no key; a unit test holds the two answers the same), undefined when
 * the verdict does not hold (another version judged it, or the settings changed around it).
 */
export function verdictOf(stored: unknown): boolean | undefined {
  if (stored === undefined) return false;
  const verdict = (stored as { [VERDICT]?: Partial<Verdict> } | null)?.[VERDICT];
  const version = versionNow();
  if (version && verdict?.version === version && typeof verdict.configured === 'boolean' && verdict.of === judged(stored)) return verdict.configured;
  return undefined;
}

/** The verdict of the settings as stored now (see verdictOf). */
export async function storedVerdict(): Promise<boolean | undefined> {
  return verdictOf(await readPrivate(KEY));
}
