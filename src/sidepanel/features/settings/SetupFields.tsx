import { DEFAULT_MODELS, type SettingsView } from '../../../shared/settings';
import { PresetButtons } from './PresetButtons';
import { ProviderSelect } from './ProviderSelect';
import type { SetupChoice } from './setup-draft';

/** Provider, the local presets, key, base URL (for a local or compatible server) and one model. */
export function SetupFields({ view, choice, onChange }: { view: SettingsView; choice: SetupChoice; onChange: (c: SetupChoice) => void }) {
  const { draft } = choice;
  const provider = draft.provider ?? view.provider;
  const key = view.keys[provider];
  const compatible = provider === 'openai-compatible';
  // what an empty Model field uses: the one already saved, else the provider's default
  const fallback = view.models.planner || DEFAULT_MODELS[provider].planner;
  return (
    <>
      <ProviderSelect value={provider} onChange={(next) => onChange({ ...choice, draft: { ...draft, provider: next } })} />
      <PresetButtons draft={draft} onChange={(d) => onChange({ ...choice, draft: d })} />
      {compatible && (
        <label>
          Base URL
          <input
            name="setup-base-url"
            value={draft.baseUrls?.[provider] ?? view.baseUrls[provider]}
            placeholder="http://localhost:11434/v1"
            spellCheck={false}
            onChange={(e) => onChange({ ...choice, draft: { ...draft, baseUrls: { ...draft.baseUrls, [provider]: e.target.value } } })}
          />
        </label>
      )}
      <label>
        <span>
          API key <span className="muted small">{key.set ? `(set, ends ${key.hint})` : compatible ? '(not needed for a local server)' : ''}</span>
        </span>
        <input
          name="setup-api-key"
          type="password"
          autoComplete="off"
          placeholder={key.set ? 'leave empty to keep it' : compatible ? 'optional' : 'paste your key'}
          value={draft.apiKeys?.[provider] ?? ''}
          onChange={(e) => onChange({ ...choice, draft: { ...draft, apiKeys: { ...draft.apiKeys, [provider]: e.target.value || undefined } } })}
        />
      </label>
      {/* the default is said in words beside the label: as a placeholder it read as a value already typed */}
      <label>
        <span>
          Model{' '}
          {fallback && (
            <span className="muted small" data-testid="setup-model-default">
              (leave empty for {fallback})
            </span>
          )}
        </span>
        <input name="setup-model" value={choice.model} spellCheck={false} placeholder={fallback ? '' : 'for example llama3.1'} onChange={(e) => onChange({ ...choice, model: e.target.value })} />
      </label>
    </>
  );
}
