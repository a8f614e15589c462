import { useLiveQuery } from 'dexie-react-hooks';
import type { SettingsPatch, SettingsView } from '../../../shared/settings';
import { db } from '../../../storage/db';
import { send } from '../../../platform/rpc';
import { currentTargetTab } from '../../use-target-tab';
import { useEffect, useState } from 'react';

/** The tab beside the panel, followed as the person switches tabs: the one they may hand to an app. */
function useShownTabId(): number | undefined {
  const [tabId, setTabId] = useState<number>();
  useEffect(() => {
    const read = () => void currentTargetTab().then((t) => setTabId(t?.id));
    read();
    chrome.tabs.onActivated.addListener(read);
    return () => chrome.tabs.onActivated.removeListener(read);
  }, []);
  return tabId;
}

/** Hands the tab beside the panel to an allowed app, or takes it back; what the worker said, in words. */
function TabHandover({ client, tabIds }: { client: string; tabIds: number[] }) {
  const tabId = useShownTabId();
  const [said, setSaid] = useState('');
  if (tabId === undefined) return null;
  const given = tabIds.includes(tabId);
  const hand = async () => {
    const r = await send('apps.tab', { client, tabId, give: !given }).catch((e: Error) => ({ ok: false, message: e.message }));
    setSaid(r.message);
  };
  return (
    <>
      <button type="button" className="quiet" onClick={() => void hand()}>
        {given ? 'Take this tab back' : 'Give it this tab'}
      </button>
      {said && <span className="muted small app-said" role="status">{said}</span>}
    </>
  );
}

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
              <span className="app-name">
                {a.id} <span className="muted small">· {STATUS_WORDS[a.status]}{a.status === 'allowed' && a.sites ? ` on ${a.sites.join(', ')}` : ''}</span>
              </span>
              {a.status === 'allowed' ? (
                <>
                  <TabHandover client={a.id} tabIds={a.tabIds} />
                  <button type="button" className="quiet" onClick={() => void send('apps.revoke', { client: a.id })}>
                    Take back access
                  </button>
                </>
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
