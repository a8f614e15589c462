import type { Provider } from '../../../shared/settings';

const PROVIDERS: { id: Provider; label: string }[] = [
  { id: 'anthropic', label: 'Anthropic' },
  { id: 'openai', label: 'OpenAI' },
  { id: 'openai-compatible', label: 'OpenAI-compatible (Ollama, LM Studio, vLLM, OpenRouter)' },
];

/** The provider choice, the same in Settings and in the first-open setup card. */
export function ProviderSelect({ value, onChange }: { value: Provider; onChange: (p: Provider) => void }) {
  return (
    <label>
      Provider
      <select value={value} onChange={(e) => onChange(e.target.value as Provider)}>
        {PROVIDERS.map((p) => (
          <option key={p.id} value={p.id}>
            {p.label}
          </option>
        ))}
      </select>
    </label>
  );
}
