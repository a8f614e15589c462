import { DEFAULT_MODELS, type ModelRole, type Provider } from '../../../shared/settings';

const ROLES: ModelRole[] = ['planner', 'policy', 'reflection'];
/** What each model does, in the person's words (the roles' names are the code's). */
const ROLE_WORDS: Record<ModelRole, string> = {
  planner: 'Model that plans the task',
  policy: 'Model that does each step on the page',
  reflection: 'Model that looks again after a failed try',
};

/** The three models of a provider, each named by what it does, its default as the placeholder. */
export function ModelFields({ provider, model, onChange }: { provider: Provider; model: (role: ModelRole) => string; onChange: (role: ModelRole, value: string) => void }) {
  return (
    <fieldset>
      <legend>Models</legend>
      {ROLES.map((role) => (
        <label key={role}>
          {ROLE_WORDS[role]}
          <input name={`model-${role}`} value={model(role)} placeholder={DEFAULT_MODELS[provider][role] || 'model name'} onChange={(e) => onChange(role, e.target.value)} />
        </label>
      ))}
    </fieldset>
  );
}
