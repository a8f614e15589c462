import { useEffect, useRef, useState } from 'react';
import { send } from '../../../platform/rpc';
import type { SettingsView } from '../../../shared/settings';
import { usePendingTask } from '../chat/pending-task';
import { SetupFields } from './SetupFields';
import { setupPatch, setupProblem, type SetupChoice } from './setup-draft';
import { testConnection, type TestMessage } from './test-connection';

/**
 * The worker's words send the person to Settings; here the fields are in the card, just above.
 * "No model that plans the task is set" is the card's one Model field.
 */
function inThisCard(text: string): string {
  return text
    .replace(/No model that plans the task is set\. Choose one in Settings\./, 'Type the name of a model in Model above.')
    .replace(/ Add it in Settings\./, ' Paste it in API key above.')
    .replace(/ in Settings( \(|\.)/, ' above$1');
}

/**
 * The first open with no provider set up: provider, key and model in one short card, with the
 * local servers one press away. Saving it sets the model for every role (Settings can split them).
 */
export function SetupCard({ onSaved }: { onSaved: () => void }) {
  const [view, setView] = useState<SettingsView>();
  const [choice, setChoice] = useState<SetupChoice>({ draft: {}, model: '' });
  const [message, setMessage] = useState<TestMessage>();
  const [busy, setBusy] = useState(false);
  const kept = usePendingTask();
  const keptText = kept?.text;
  const first = useRef<HTMLFormElement>(null);
  useEffect(() => {
    send('settings.get', {}).then(setView, (e: Error) => setMessage({ kind: 'error', text: e.message }));
  }, []);
  // a task typed now is kept: the card is where it gets sent from, so focus goes to it
  useEffect(() => {
    if (keptText) first.current?.querySelector('select')?.focus();
  }, [keptText]);
  const run = async (what: () => Promise<TestMessage | undefined>) => {
    setBusy(true);
    setMessage(undefined);
    const said = await what();
    setMessage(said && { ...said, text: inThisCard(said.text) });
    setBusy(false);
  };
  // what was said is about the values as they were: a change to them takes it away
  const change = (next: SetupChoice) => {
    setChoice(next);
    setMessage(undefined);
  };
  const save = async (v: SettingsView): Promise<TestMessage | undefined> => {
    const problem = setupProblem(v, choice);
    if (problem) return { kind: 'error', text: problem };
    try {
      setView(await send('settings.save', setupPatch(choice)));
      onSaved();
      return undefined;
    } catch (e) {
      return { kind: 'error', text: (e as Error).message };
    }
  };
  return (
    <form ref={first} className="card setup" data-testid="setup-card" aria-labelledby="setup-title" onSubmit={(e) => (e.preventDefault(), view && void run(() => save(view)))}>
      <h2 id="setup-title" className="card-title">
        Set up a model
      </h2>
      <p className="small muted">The co-pilot needs a model: a provider, or a server on this computer.</p>
      {kept && (
        <p className="small" data-testid="setup-kept">
          Your task is kept and sent when you save: <q>{kept.text}</q>
        </p>
      )}
      {view ? <SetupFields view={view} choice={choice} onChange={change} /> : <p className="muted small">Loading settings…</p>}
      <div className="row">
        <button type="submit" disabled={busy || !view}>
          Save
        </button>
        <button type="button" disabled={busy || !view} onClick={() => void run(() => testConnection(setupPatch(choice)))}>
          Test connection
        </button>
      </div>
      <SetupMessage message={message} />
    </form>
  );
}

function SetupMessage({ message }: { message: TestMessage | undefined }) {
  if (!message) return null;
  return (
    <p role={message.kind === 'error' ? 'alert' : 'status'} className={`small ${message.kind}`} data-testid="setup-message">
      {message.text}
    </p>
  );
}
