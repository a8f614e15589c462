import { Settings, SettingsView, DEFAULT_MODELS, type SettingsPatch, type Provider, type ModelRole } from '../shared/settings';

import { readPrivate, writePrivate } from '../platform/private-store';
import { KEY, VERDICT, judged, versionNow, verdictOf, type Verdict } from './settings-verdict';

/**
 * Settings live in the private store (src/platform/private-store.ts) under one key and are read only here, in the service
 * worker; the side panel gets a SettingsView in which keys are reduced to set/unset and a hint.
 */
function parsed(stored: unknown): Settings {
  const result = Settings.safeParse(stored ?? {});
  // A stored value from an older version that no longer parses falls back to defaults field by field.
  return result.success ? result.data : Settings.parse({});
}

export async function loadSettings(): Promise<Settings> {
  return parsed(await readPrivate(KEY));
}

/**
 * isConfigured(await loadSettings()) without parsing the settings when that is not needed: the
 * answer to system.status at every start of the worker (bench, "Extension"), where building and
 * running the settings' schema cost more than the rest of the reply. Nothing stored: the defaults,
 * which name no key (a unit test holds the two answers the same).
 */
export async function isConfiguredNow(): Promise<boolean> {
  const stored = await readPrivate(KEY);
  return verdictOf(stored) ?? isConfigured(parsed(stored));
}

export function toView(s: Settings): SettingsView {
  const hint = (key: string) => ({ set: key.length > 0, hint: key.length > 8 ? `…${key.slice(-4)}` : key ? '…' : '' });
  const { apiKeys, ...rest } = s;
  return SettingsView.parse({
    ...rest,
    keys: { anthropic: hint(apiKeys.anthropic), openai: hint(apiKeys.openai), 'openai-compatible': hint(apiKeys['openai-compatible']) },
  });
}

export async function saveSettings(patch: SettingsPatch): Promise<Settings> {
  const next = withPatch(await loadSettings(), patch);
  const version = versionNow();
  const verdict: Verdict | undefined = version ? { version, configured: isConfigured(next), of: judged(next) } : undefined;
  await writePrivate(KEY, verdict ? { ...next, [VERDICT]: verdict } : next);
  return next;
}

/** The settings as they would be after `patch`, validated, without storing them (Test connection tries the form on screen). */
export function withPatch(current: Settings, patch: SettingsPatch): Settings {
  const next = Settings.parse({
    ...current,
    ...(patch.provider ? { provider: patch.provider } : {}),
    ...(patch.pageBudget !== undefined ? { pageBudget: patch.pageBudget } : {}),
    ...(patch.requestTimeoutMs !== undefined ? { requestTimeoutMs: patch.requestTimeoutMs } : {}),
    ...(patch.maxRetries !== undefined ? { maxRetries: patch.maxRetries } : {}),
    ...(patch.allowModelDownload !== undefined ? { allowModelDownload: patch.allowModelDownload } : {}),
    ...(patch.examplesFromOtherSites !== undefined ? { examplesFromOtherSites: patch.examplesFromOtherSites } : {}),
    ...(patch.historyRetentionDays !== undefined ? { historyRetentionDays: patch.historyRetentionDays } : {}),
    ...(patch.approvePlan !== undefined ? { approvePlan: patch.approvePlan } : {}),
    models: { ...current.models, ...patch.models },
    apiKeys: { ...current.apiKeys, ...trimAll(patch.apiKeys) },
    baseUrls: { ...current.baseUrls, ...trimAll(patch.baseUrls) },
    screenshotModels: { ...current.screenshotModels, ...patch.screenshotModels },
    apps: { ...current.apps, ...patch.apps },
  });
  for (const url of Object.values(next.baseUrls)) {
    if (url && !/^https?:\/\/[^\s]+$/i.test(url)) throw new Error(`"${url}" is not a valid base URL (it must start with http:// or https://).`);
  }
  return next;
}

function trimAll<T extends Record<string, string | undefined>>(o: T | undefined): Partial<T> {
  if (!o) return {};
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined).map(([k, v]) => [k, v!.trim()])) as Partial<T>;
}

export function modelFor(s: Settings, role: ModelRole): string {
  return s.models[role] || DEFAULT_MODELS[s.provider][role];
}

export function isConfigured(s: Settings): boolean {
  return configurationProblem(s) === undefined;
}

/** A role's model as Settings names it (its fields read "Model that plans the task", …). */
const ROLE_MODEL: Record<ModelRole, string> = { planner: 'model that plans the task', policy: 'model that does each step on the page', reflection: 'model that looks again after a failed try' };

/** Why a model call cannot be made with these settings, in words a person can act on. */
export function configurationProblem(s: Settings, role: ModelRole = 'planner'): string | undefined {
  const provider: Provider = s.provider;
  if (provider === 'openai-compatible' && !s.baseUrls['openai-compatible']) {
    return 'Set the base URL of your OpenAI-compatible server in Settings (for example http://localhost:11434/v1 for Ollama).';
  }
  if (provider !== 'openai-compatible' && !s.apiKeys[provider]) {
    return `No ${provider === 'anthropic' ? 'Anthropic' : 'OpenAI'} API key is set. Add it in Settings.`;
  }
  if (!modelFor(s, role)) return `No ${ROLE_MODEL[role]} is set. Choose one in Settings.`;
  return undefined;
}
