import type { Provider } from '../../../shared/settings';

const PROVIDERS: { id: Provider; label: string; hint?: string }[] = [
  { id: 'anthropic', label: 'Anthropic' },
  { id: 'openai', label: 'OpenAI' },
  // short enough for a 320 px panel; the servers it means are in its hint (and the local ones have buttons beside it)
  { id: 'openai-compatible', label: 'OpenAI-compatible server', hint: 'Ollama, LM Studio, vLLM, OpenRouter and other servers that speak the OpenAI API' },
];

/** The provider choice, the same in Settings and in the first-open setup card. */
export function ProviderSelect({ value, onChange }: { value: Provider; onChange: (p: Provider) => void }) {
  return (
    <label>
      Provider
      <select value={value} onChange={(e) => onChange(e.target.value as Provider)}>
        {PROVIDERS.map((p) => (
          <option key={p.id} value={p.id} title={p.hint}>
            {p.label}
          </option>
        ))}
      </select>
    </label>
  );
}
