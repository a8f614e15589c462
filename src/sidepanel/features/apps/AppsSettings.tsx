import { useLiveQuery } from 'dexie-react-hooks';
import type { SettingsPatch, SettingsView } from '../../../shared/settings';
import { db } from '../../../storage/db';
import { send } from '../../../platform/rpc';

const STATUS_WORDS = { asked: 'waiting for your answer', allowed: 'allowed', refused: 'not allowed', revoked: 'access taken back' } as const;

/**
 * Apps on this computer (Claude Code, Cursor and others that speak MCP) may use the co-pilot
 * through its MCP server (mcp/server.mjs): off until the person turns it on, and then each app is
 * asked for in a card before anything it asks is done. The list says who was answered what.
 */
export function AppsSettings({ view, draft, onChange }: { view: SettingsView; draft: SettingsPatch; onChange: (d: SettingsPatch) => void }) {
  const apps = { ...view.apps, ...draft.apps };
  const known = useLiveQuery(() => db().appClients.toArray(), []) ?? [];
  return (
    <fieldset data-testid="apps-settings">
      <legend>Apps on this computer</legend>
      <label>
        <input type="checkbox" name="apps-enabled" checked={apps.enabled} onChange={(e) => onChange({ ...draft, apps: { ...draft.apps, enabled: e.target.checked } })} /> Let apps on this
        computer use the co-pilot (MCP)
      </label>
      <label>
        Port on 127.0.0.1
        <input type="number" name="apps-port" min={1024} max={65535} value={apps.port} onChange={(e) => onChange({ ...draft, apps: { ...draft.apps, port: Number(e.target.value) } })} />
      </label>
      <p className="muted small">Each app is asked for here first. It can run your saved workflows, and read and act in the tabs the co-pilot opens for it (on the sites you allowed it on); payments, messages and deletions are still asked each time.</p>
      {known.length > 0 && (
        <ul className="apps-list">
          {known.map((a) => (
            <li key={a.id} data-testid="app-entry">
              <span>
                {a.id} <span className="muted small">· {STATUS_WORDS[a.status]}{a.status === 'allowed' && a.sites ? ` on ${a.sites.join(', ')}` : ''}</span>
              </span>
              {a.status === 'allowed' ? (
                <button type="button" className="quiet" onClick={() => void send('apps.revoke', { client: a.id })}>
                  Take back
                </button>
              ) : a.status !== 'asked' ? (
                <button type="button" className="quiet" onClick={() => void send('apps.forget', { client: a.id })}>
                  Forget
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
