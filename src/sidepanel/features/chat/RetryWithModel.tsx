import { useEffect, useState } from 'react';
import { send } from '../../../platform/rpc';
import { DEFAULT_MODELS, type Provider, type SettingsView } from '../../../shared/settings';

const NAMES: Record<Provider, string> = { anthropic: 'Anthropic', openai: 'OpenAI', 'openai-compatible': 'OpenAI-compatible server' };

/** Providers that can be called as they are saved: a key, or the server's address. */
function usable(view: SettingsView): Provider[] {
  return (Object.keys(NAMES) as Provider[]).filter((p) => (p === 'openai-compatible' ? !!view.baseUrls[p] : view.keys[p].set));
}

const modelOf = (view: SettingsView, p: Provider) => (p === view.provider && view.models.planner) || DEFAULT_MODELS[p].planner;

/** The form: one of the set-up providers and a model (that provider's own, unless changed). */
function RetryForm({ runId, view, onClose }: { runId: string; view: SettingsView; onClose: () => void }) {
  const providers = usable(view);
  const [provider, setProvider] = useState<Provider>(providers.find((p) => p !== view.provider) ?? view.provider);
  const [model, setModel] = useState(modelOf(view, provider));
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const retry = async () => {
    setBusy(true);
    setProblem(undefined);
    const r = await send('agent.retryWith', { runId, choice: { provider, model: model.trim() } }).catch((e: Error) => ({ ok: false, message: e.message }));
    setBusy(false);
    if (!r.ok) setProblem(r.message || 'The task could not be tried again.');
  };
  return (
    <form className="not-right" data-testid="retry-model" onSubmit={(ev) => (ev.preventDefault(), void retry())}>
      <label>
        Provider
        <select
          value={provider}
          autoFocus
          onChange={(ev) => {
            const p = ev.target.value as Provider;
            setProvider(p);
            setModel(modelOf(view, p));
          }}
        >
          {providers.map((p) => (
            <option key={p} value={p}>
              {NAMES[p]}
            </option>
          ))}
        </select>
      </label>
      <label>
        <span>
          Model <span className="muted small">(for every step of this retry)</span>
        </span>
        <input value={model} onChange={(ev) => setModel(ev.target.value)} spellCheck={false} />
      </label>
      <div className="row">
        <button type="submit" className="primary" disabled={busy || (!model.trim() && !DEFAULT_MODELS[provider].planner)}>
          Retry
        </button>
        <button type="button" onClick={onClose}>
          Cancel
        </button>
      </div>
      {problem && <div className="error small">{problem}</div>}
    </form>
  );
}

/** "Retry with another model" under a run that did not succeed; the saved settings stay as they are. */
export function RetryWithModel({ runId }: { runId: string }) {
  const [view, setView] = useState<SettingsView>();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string>();
  useEffect(() => {
    if (open && !view) send('settings.get', {}).then(setView, (e: Error) => setProblem(e.message));
  }, [open, view]);
  if (!open) {
    return (
      <button type="button" className="small-button" onClick={() => setOpen(true)}>
        Retry with another model
      </button>
    );
  }
  if (problem) return <div className="error small">{problem}</div>;
  if (!view) return <div className="muted small">Reading the settings…</div>;
  return <RetryForm runId={runId} view={view} onClose={() => setOpen(false)} />;
}
