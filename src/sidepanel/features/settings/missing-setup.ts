import { DEFAULT_MODELS, type ModelRole, type SettingsView } from '../../../shared/settings';

const ROLES: ModelRole[] = ['planner', 'policy', 'reflection'];
/** The models as the Settings form names them: by what each does. */
const MODEL_WORDS: Record<ModelRole, string> = {
  planner: 'the model that plans the task',
  policy: 'the model that does each step on the page',
  reflection: 'the model that looks again after a failed try',
};

/**
 * What the saved settings still lack before Chat can work, in the form's own words; empty when
 * nothing does. The same rules as the worker's (a key for a hosted provider, an address for a
 * server of one's own, a model for each role, its default where the provider has one), so Settings
 * never says it is ready while Chat asks for setup.
 */
export function missingSetup(view: Pick<SettingsView, 'provider' | 'models' | 'baseUrls' | 'keys'>): string[] {
  const { provider } = view;
  const missing: string[] = [];
  if (provider === 'openai-compatible' && !view.baseUrls['openai-compatible']) missing.push("your server's base URL");
  if (provider !== 'openai-compatible' && !view.keys[provider].set) missing.push('an API key');
  for (const role of ROLES) if (!(view.models[role] || DEFAULT_MODELS[provider][role])) missing.push(MODEL_WORDS[role]);
  return missing;
}

/** "Saved, but Chat cannot work yet: it needs a, b and c." or plain "Saved." */
export function savedInWords(missing: string[]): { kind: 'ok' | 'warning'; text: string } {
  if (!missing.length) return { kind: 'ok', text: 'Saved.' };
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  return { kind: 'warning', text: `Saved, but Chat cannot work yet: it still needs ${list}.` };
}
