import { useEffect, useState } from 'react';
import { send } from '../../../platform/rpc';
import { EMBEDDING_MODEL } from '../../../shared/messages/offscreen';

/**
 * The person's consent to fetch the embedding model from the model hub (huggingface.co) when the
 * extension does not bundle one. Off by default: without it, examples are found by words only.
 */
export function ModelDownload() {
  const [allowed, setAllowed] = useState<boolean | undefined>(undefined);
  const [error, setError] = useState('');
  useEffect(() => {
    send('settings.get', {}).then(
      (v) => setAllowed(v.allowModelDownload),
      (e: Error) => setError(e.message),
    );
  }, []);
  const change = async (next: boolean) => {
    // the box follows the click at once; a failed save puts it back and says why
    setAllowed(next);
    try {
      setAllowed((await send('settings.save', { allowModelDownload: next })).allowModelDownload);
      setError('');
    } catch (e) {
      setAllowed(!next);
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div className="small">
      <label>
        <input type="checkbox" name="allow-model-download" checked={allowed ?? false} disabled={allowed === undefined} onChange={(e) => void change(e.target.checked)} />{' '}
        Find examples by meaning too: download the embedding model ({EMBEDDING_MODEL}, about 23 MB) from huggingface.co on first use
      </label>
      <p className="muted">It then runs in this browser; your demonstrations never leave it. Off: examples are found by their words.</p>
      {error && <p role="alert" className="error">{error}</p>}
    </div>
  );
}
