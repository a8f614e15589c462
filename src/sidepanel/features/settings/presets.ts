import type { SettingsPatch } from '../../../shared/settings';

/**
 * Local servers that speak the OpenAI wire format at a fixed address: one press fills the base URL.
 * They need no key; the model is whatever the person has pulled or loaded there.
 */
export const LOCAL_PRESETS = [
  { name: 'Ollama', baseUrl: 'http://localhost:11434/v1' },
  { name: 'LM Studio', baseUrl: 'http://localhost:1234/v1' },
] as const;

/** The draft with a preset chosen: the OpenAI-compatible provider at the preset's address. */
export function withPreset(draft: SettingsPatch, baseUrl: string): SettingsPatch {
  return { ...draft, provider: 'openai-compatible', baseUrls: { ...draft.baseUrls, 'openai-compatible': baseUrl } };
}
