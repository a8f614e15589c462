import { useLiveQuery } from 'dexie-react-hooks';
import { useState } from 'react';
import { db } from '../../../storage/db';
import { send } from '../../../platform/rpc';

/**
 * An app on this computer asks to use the co-pilot (it connected through the MCP server): shown
 * above every view until the person answers, since nothing the app asks is done before that.
 */
export function AppAskCard() {
  const asking = useLiveQuery(() => db().appClients.where('status').equals('asked').toArray(), []) ?? [];
  const [problem, setProblem] = useState('');
  const answer = async (client: string, allow: boolean) => {
    const r = await send('apps.answer', { client, allow }).catch((e: Error) => ({ ok: false, message: e.message }));
    setProblem(r.ok ? '' : r.message);
  };
  if (asking.length === 0) return null;
  return (
    <>
      {asking.map((a) => (
        <section key={a.id} className="card confirm app-ask" data-testid="app-ask" aria-label={`${a.id} asks to use the co-pilot`}>
          <div className="card-title">“{a.id}” asks to use the co-pilot</div>
          <p className="small">An app on this computer wants to run your saved workflows and read the pages it opens, in tabs of its own. Payments, messages and deletions still ask you here.</p>
          <div className="actions row">
            <button type="button" className="primary" onClick={() => void answer(a.id, true)}>
              Allow
            </button>
            <button type="button" onClick={() => void answer(a.id, false)}>
              Don’t allow
            </button>
          </div>
          {problem && <p className="warn small">{problem}</p>}
        </section>
      ))}
    </>
  );
}
