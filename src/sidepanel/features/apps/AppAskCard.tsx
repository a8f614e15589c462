import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '../../../storage/db';
import { send } from '../../../platform/rpc';

/** The sites the person typed: split at commas, spaces and new lines. */
const sitesIn = (text: string) => text.split(/[\s,;]+/).map((s) => s.trim()).filter(Boolean);

/**
 * An app on this computer asks to use the co-pilot (it connected through the MCP server): shown
 * above every view until the person answers, since nothing the app asks is done before that. It
 * may be allowed everywhere or only on sites the person names.
 */
export function AppAskCard() {
  const asking = useLiveQuery(() => db().appClients.where('status').equals('asked').toArray(), []) ?? [];
  const [problem, setProblem] = useState('');
  const [scoping, setScoping] = useState<string | null>(null);
  const [sites, setSites] = useState('');
  const answer = async (client: string, allow: boolean, only?: string[]) => {
    const r = await send('apps.answer', { client, allow, ...(only ? { sites: only } : {}) }).catch((e: Error) => ({ ok: false, message: e.message }));
    setProblem(r.ok ? '' : r.message);
    if (r.ok) setScoping(null);
  };
  if (asking.length === 0) return null;
  return (
    <>
      {asking.map((a) => (
        <section key={a.id} className="card confirm app-ask" data-testid="app-ask" aria-label={`${a.id} asks to use the co-pilot`}>
          <div className="card-title">“{a.id}” asks to use the co-pilot</div>
          <p className="small">An app on this computer wants to run your saved workflows, and to read and act in pages it opens, in tabs of its own. Payments, messages and deletions still ask you here.</p>
          {scoping === a.id ? (
            <form
              className="app-sites"
              onSubmit={(e) => {
                e.preventDefault();
                void answer(a.id, true, sitesIn(sites));
              }}
            >
              <label>
                Only on these sites
                <input name="app-sites" value={sites} placeholder="shop.example.com, mybank.example" onChange={(e) => setSites(e.target.value)} autoFocus />
              </label>
              <div className="actions row">
                <button type="submit" className="primary" disabled={sitesIn(sites).length === 0}>
                  Allow on these sites
                </button>
                <button type="button" onClick={() => setScoping(null)}>
                  Back
                </button>
              </div>
            </form>
          ) : (
            <div className="actions row">
              <button type="button" className="primary" onClick={() => void answer(a.id, true)}>
                Allow
              </button>
              <button type="button" onClick={() => (setScoping(a.id), setProblem(''))}>
                Only some sites…
              </button>
              <button type="button" onClick={() => void answer(a.id, false)}>
                Don’t allow
              </button>
            </div>
          )}
          {problem && <p className="warn small">{problem}</p>}
        </section>
      ))}
    </>
  );
}
