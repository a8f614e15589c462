import { DEFAULT_MODELS, type ModelChoice, type Settings } from '../../shared/settings';

/**
 * The saved settings with the person's choice for one retry: its provider (with that provider's
 * saved key and address), and its model for every role, or that provider's own models when the
 * person named none. Nothing is saved: the next task uses the settings again.
 */
export function withModel(settings: Settings, choice: ModelChoice | undefined): Settings {
  if (!choice) return settings;
  const same = choice.provider === settings.provider;
  const models = choice.model
    ? { planner: choice.model, policy: choice.model, reflection: choice.model }
    : same
      ? settings.models
      : DEFAULT_MODELS[choice.provider];
  return { ...settings, provider: choice.provider, models };
}

/** The words for a choice, for the timeline: "OpenAI, gpt-4.1". */
export function choiceInWords(settings: Settings): string {
  const name = { anthropic: 'Anthropic', openai: 'OpenAI', 'openai-compatible': 'your OpenAI-compatible server' }[settings.provider];
  return settings.models.planner ? `${name}, ${settings.models.planner}` : name;
}
