import { useEffect, useState } from 'react';
import { RunEvent } from '../../../shared/run-events';
import type { Connection } from '../../use-connection';

/** The model's text as it streams in, shown under the timeline until the step's event lands. */
export function useStreamingText(connection: Connection, runId: string | undefined): string {
  const [stream, setStream] = useState<{ runId?: string; text: string }>({ text: '' });
  const { subscribe } = connection;
  useEffect(() => {
    if (!runId) return;
    return subscribe((raw) => {
      const event = RunEvent.safeParse(raw);
      if (!event.success || event.data.runId !== runId) return;
      const e = event.data;
      if (e.type === 'text_delta') setStream((s) => ({ runId, text: (s.runId === runId ? s.text + e.delta : e.delta).slice(-600) }));
      else if (e.type !== 'usage') setStream({ runId, text: '' });
    });
  }, [subscribe, runId]);
  return stream.runId === runId ? stream.text : '';
}
