import { useEffect, useState } from 'react';
import { RunEvent } from '../../../shared/run-events';
import type { Connection } from '../../use-connection';

/** The model's text as it streams in, shown under the timeline until the step's event lands. */
export function useStreamingText(connection: Connection, runId: string | undefined): string {
  const [text, setText] = useState('');
  useEffect(() => {
    setText('');
    if (!runId) return;
    return connection.subscribe((raw) => {
      const event = RunEvent.safeParse(raw);
      if (!event.success || event.data.runId !== runId) return;
      const e = event.data;
      if (e.type === 'text_delta') setText((t) => (t + e.delta).slice(-600));
      else if (e.type !== 'usage') setText('');
    });
  }, [connection.subscribe, runId]);
  return text;
}
