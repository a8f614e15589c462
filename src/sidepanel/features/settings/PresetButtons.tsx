import type { SettingsPatch } from '../../../shared/settings';
import { LOCAL_PRESETS, withPreset } from './presets';

/** "Ollama" and "LM Studio": one press sets the OpenAI-compatible provider and its local address. */
export function PresetButtons({ draft, onChange }: { draft: SettingsPatch; onChange: (d: SettingsPatch) => void }) {
  return (
    <div className="row presets" role="group" aria-label="Local server presets">
      <span className="small muted">Local server:</span>
      {LOCAL_PRESETS.map((p) => (
        <button key={p.name} type="button" className="small-button" onClick={() => onChange(withPreset(draft, p.baseUrl))}>
          {p.name}
        </button>
      ))}
    </div>
  );
}
