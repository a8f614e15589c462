import { useEffect, useRef, useState } from 'react';
import { Notice, useNotice } from '../../notice';
import { send } from '../../../platform/rpc';
import { MemoryView } from '../memory/MemoryView';
import { PrivacySettings } from './PrivacySettings';
import { PlanSettings } from './PlanSettings';
import { AppsSettings } from '../apps/AppsSettings';
import { TimelineSettings } from './TimelineSettings';
import { PresetButtons } from './PresetButtons';
import { ProviderSelect } from './ProviderSelect';
import { testConnection } from './test-connection';
import { ModelFields } from './ModelFields';
import { missingSetup, savedInWords } from './missing-setup';
import { useSaveBar } from './use-save-bar';
import type { ModelRole, SettingsPatch, SettingsView as View } from '../../../shared/settings';

/**
 * Keys are write-only from here: the panel sends a new key to the service worker and only ever
 * gets back whether one is set and its last four characters.
 */
export function SettingsView({ onSaved }: { onSaved?: () => void } = {}) {
  const [view, setView] = useState<View>();
  const [draft, setDraft] = useState<SettingsPatch>({});
  const [message, setMessage] = useNotice();
  const [busy, setBusy] = useState(false);
  // the answer to Save or Test connection shows beside the buttons, scrolled into view
  const said = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) said.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);

  const pinned = Object.keys(draft).length > 0 || !!message;
  const bar = useSaveBar(pinned);
  useEffect(() => {
    send('settings.get', {}).then(setView, (e: Error) => setMessage({ kind: 'error', text: e.message }));
  }, [setMessage]);
  if (!view) return <p className="muted">{message?.text ?? 'Loading settings…'}</p>;

  const provider = draft.provider ?? view.provider;
  const model = (role: ModelRole) => draft.models?.[role] ?? view.models[role];
  const baseUrl = draft.baseUrls?.[provider] ?? view.baseUrls[provider];
  const key = view.keys[provider];

  const save = async () => {
    setBusy(true);
    try {
      const saved = await send('settings.save', draft);
      setView(saved);
      setDraft({});
      // saved is not ready: what Chat still needs is said here, where it is fixed
      setMessage(savedInWords(missingSetup(saved)));
      onSaved?.();
    } catch (e) {
      setMessage({ kind: 'error', text: (e as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const test = async () => {
    setBusy(true);
    setMessage(undefined);
    setMessage(await testConnection(draft));
    setBusy(false);
  };

  return (
    <>
      <form className="settings" onSubmit={(e) => (e.preventDefault(), void save())}>
        <ProviderSelect value={provider} onChange={(next) => setDraft({ ...draft, provider: next })} />
        <PresetButtons draft={draft} onChange={setDraft} />
        <ModelFields provider={provider} model={model} onChange={(role, value) => setDraft({ ...draft, models: { ...draft.models, [role]: value } })} />
        <label>
          API key {key.set ? <span className="muted">(set, ends {key.hint})</span> : <span className="muted">(not set)</span>}
          <input
            name="api-key"
            type="password"
            autoComplete="off"
            placeholder={key.set ? 'leave empty to keep the current key' : provider === 'openai-compatible' ? 'optional for local servers' : 'paste your key'}
            value={draft.apiKeys?.[provider] ?? ''}
            onChange={(e) => setDraft({ ...draft, apiKeys: { ...draft.apiKeys, [provider]: e.target.value || undefined } })}
          />
        </label>
        <label>
          Base URL {provider !== 'openai-compatible' && <span className="muted">(optional)</span>}
          <input
            name="base-url"
            value={baseUrl}
            placeholder={provider === 'openai-compatible' ? 'http://localhost:11434/v1' : 'default'}
            onChange={(e) => setDraft({ ...draft, baseUrls: { ...draft.baseUrls, [provider]: e.target.value } })}
          />
        </label>
        <PlanSettings view={view} draft={draft} onChange={setDraft} />
        <PrivacySettings view={view} draft={draft} onChange={setDraft} />
        <TimelineSettings />
        <AppsSettings view={view} draft={draft} onChange={setDraft} />
        {/* once something changed, pinned to the bottom while any field of the form is in view: Save is never three screens away */}
        <div className={`settings-save${pinned ? ' pinned' : ''}`} ref={bar} data-testid="settings-save">
          <div className="row">
            <button type="submit" disabled={busy}>
              Save
            </button>
            <button type="button" disabled={busy} onClick={() => void test()}>
              Test connection
            </button>
          </div>
          <div ref={said}>
            <Notice notice={message} onDismiss={() => setMessage(undefined)} testId="settings" />
          </div>
        </div>
        <p className="muted small">Keys are kept in this browser's extension storage and are sent only to the provider you choose.</p>
      </form>
      {/* demonstrations have their own actions: not under the settings' Save */}
      <MemoryView />
    </>
  );
}
