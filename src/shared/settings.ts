import { z } from 'zod';
import { APPS_DEFAULT_PORT } from './apps-wire';
import { lazy } from './lazy';

export const Provider = lazy(() => z.enum(['anthropic', 'openai', 'openai-compatible']));
export type Provider = z.infer<typeof Provider>;

export const ModelRole = lazy(() => z.enum(['planner', 'policy', 'reflection']));
export type ModelRole = z.infer<typeof ModelRole>;

/** Settings as stored in the private store, src/platform/private-store.ts (background only). */
export const Settings = lazy(() => z.object({
  provider: Provider.default('anthropic'),
  models: z
    .object({ planner: z.string(), policy: z.string(), reflection: z.string() })
    .default({ planner: '', policy: '', reflection: '' }),
  apiKeys: z
    .object({ anthropic: z.string(), openai: z.string(), 'openai-compatible': z.string() })
    .default({ anthropic: '', openai: '', 'openai-compatible': '' }),
  /** base URL for the OpenAI-compatible provider (Ollama, LM Studio, vLLM, OpenRouter), or an override for the others */
  baseUrls: z
    .object({ anthropic: z.string(), openai: z.string(), 'openai-compatible': z.string() })
    .default({ anthropic: '', openai: '', 'openai-compatible': '' }),
  /** page-model token budget per snapshot */
  pageBudget: z.number().int().min(500).max(100_000).default(4000),
  /** a model request that takes longer than this is abandoned (the SDKs' own timeout) */
  requestTimeoutMs: z.number().int().min(1000).max(600_000).default(60_000),
  /** retries on 429/5xx/connection errors, with the SDKs' own backoff that honours retry-after */
  maxRetries: z.number().int().min(0).max(10).default(2),
  /** fetch the embedding model from the model hub on first use when the extension does not bundle one (asked first, off by default) */
  allowModelDownload: z.boolean().default(false),
  /** demonstrations recorded on other sites may be examples too (their page lines then reach prompts for this site) */
  examplesFromOtherSites: z.boolean().default(false),
  /** chats, runs and their events older than this many days are deleted; 0 keeps them forever */
  historyRetentionDays: z.number().int().min(0).max(3650).default(90),
  /** "send screenshots", by model name, where the person chose; other models follow modelSeesImages (seeing-models.ts) */
  screenshotModels: z.record(z.string(), z.boolean()).default({}),
  /** show the first plan and what it will send before a task starts, then send what it named without asking again */
  approvePlan: z.boolean().default(false),
  /** apps on this computer (MCP clients) may ask to use the co-pilot through its MCP server on this 127.0.0.1 port; each is allowed by the person first */
  apps: z.object({ enabled: z.boolean(), port: z.number().int().min(1024).max(65535) }).default({ enabled: false, port: APPS_DEFAULT_PORT }),
}));
export type Settings = z.infer<typeof Settings>;

/** A model to use for one retry instead of the saved ones: one provider, one model for every role. */
export const ModelChoice = lazy(() => z.object({ provider: Provider, model: z.string().trim().max(200).default('') }));
export type ModelChoice = z.infer<typeof ModelChoice>;

/** The retention choices the panel offers, in days (0: forever). */
export const RETENTION_CHOICES = [7, 30, 90, 365, 0] as const;

export const DEFAULT_MODELS: Record<Provider, Record<ModelRole, string>> = {
  anthropic: { planner: 'claude-sonnet-4-5', policy: 'claude-haiku-4-5', reflection: 'claude-sonnet-4-5' },
  openai: { planner: 'gpt-4.1', policy: 'gpt-4.1-mini', reflection: 'gpt-4.1' },
  'openai-compatible': { planner: '', policy: '', reflection: '' },
};

/**
 * What the side panel may see: never a key, only whether one is set and its last four characters,
 * so a person can tell which key is in use.
 */
export const SettingsView = lazy(() => Settings.omit({ apiKeys: true }).extend({
  keys: z.object({
    anthropic: z.object({ set: z.boolean(), hint: z.string() }),
    openai: z.object({ set: z.boolean(), hint: z.string() }),
    'openai-compatible': z.object({ set: z.boolean(), hint: z.string() }),
  }),
}));
export type SettingsView = z.infer<typeof SettingsView>;

/** A change from the panel. A key left undefined is kept; an empty string removes it. */
export const SettingsPatch = lazy(() => z.object({
  provider: Provider.optional(),
  models: z.object({ planner: z.string(), policy: z.string(), reflection: z.string() }).partial().optional(),
  apiKeys: z
    .object({ anthropic: z.string(), openai: z.string(), 'openai-compatible': z.string() })
    .partial()
    .optional(),
  baseUrls: z
    .object({ anthropic: z.string(), openai: z.string(), 'openai-compatible': z.string() })
    .partial()
    .optional(),
  pageBudget: z.number().int().min(500).max(100_000).optional(),
  requestTimeoutMs: z.number().int().min(1000).max(600_000).optional(),
  maxRetries: z.number().int().min(0).max(10).optional(),
  allowModelDownload: z.boolean().optional(),
  examplesFromOtherSites: z.boolean().optional(),
  historyRetentionDays: z.number().int().min(0).max(3650).optional(),
  screenshotModels: z.record(z.string(), z.boolean()).optional(),
  approvePlan: z.boolean().optional(),
  apps: z.object({ enabled: z.boolean(), port: z.number().int().min(1024).max(65535) }).partial().optional(),
}));
export type SettingsPatch = z.infer<typeof SettingsPatch>;
