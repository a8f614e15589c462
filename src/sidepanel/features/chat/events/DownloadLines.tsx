import { useState } from 'react';
import { send } from '../../../../platform/rpc';
import { sizeInWords } from '../../../../shared/attachment';
import type { DownloadNote } from '../../../../shared/download';

/** A download an action started (not said to be finished: it may still be cancelled): its name and size, a program flagged, whether its text was read into the task, the folder shown on request (never opened). */
function DownloadLine({ d }: { d: DownloadNote }) {
  const [problem, setProblem] = useState<string>();
  const show = async () => {
    const r = await send('downloads.show', { id: d.id }).catch((e: Error) => ({ ok: false, message: e.message }));
    setProblem(r.ok ? undefined : r.message);
  };
  return (
    <li className={`ev plain small download${d.risky ? ' risky' : ''}`} data-testid="download" data-risky={d.risky ? 'true' : 'false'}>
      Download: <strong>{d.name}</strong>
      {d.size ? ` · ${sizeInWords(d.size)}` : ''}
      {d.risky && <span className="error"> · a program: the co-pilot never opens it; open it only if you trust the site</span>}
      {/* its text went into the model's next request: the person's file left the computer for the provider */}
      {d.read && ' · its text was given to the model to read'}
      {!d.read && d.unread && ` · not read: ${d.unread}`}{' '}
      <button type="button" className="link" onClick={() => void show()}>
        Show in folder
      </button>
      {problem && <span className="error"> {problem}</span>}
    </li>
  );
}

export function DownloadLines({ downloads }: { downloads: DownloadNote[] }) {
  return (
    <>
      {downloads.map((d) => (
        <DownloadLine key={d.id} d={d} />
      ))}
    </>
  );
}
