import { DEFAULT_MODELS, type SettingsPatch, type SettingsView } from '../../../shared/settings';

/** The setup card's three choices as a settings change: one model for every role. */
export interface SetupChoice {
  draft: SettingsPatch;
  model: string;
}

export function setupPatch({ draft, model }: SetupChoice): SettingsPatch {
  const m = model.trim();
  return m ? { ...draft, models: { planner: m, policy: m, reflection: m } } : draft;
}

/** What is still missing before these values can call a model, in words; undefined when nothing is. */
export function setupProblem(view: SettingsView, choice: SetupChoice): string | undefined {
  const provider = choice.draft.provider ?? view.provider;
  if (provider === 'openai-compatible') {
    if (!(choice.draft.baseUrls?.[provider] ?? view.baseUrls[provider]).trim()) return 'Type the address of your server, or press Ollama or LM Studio.';
  } else if (!choice.draft.apiKeys?.[provider]?.trim() && !view.keys[provider].set) {
    return `Paste your ${provider === 'anthropic' ? 'Anthropic' : 'OpenAI'} API key.`;
  }
  if (!choice.model.trim() && !view.models.planner && !DEFAULT_MODELS[provider].planner) return 'Type the name of a model your server has (for example llama3.1).';
  return undefined;
}
