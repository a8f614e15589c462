import { useLiveQuery } from 'dexie-react-hooks';
import { Schedule } from '../../../shared/schedule';
import { db } from '../../../storage/db';

/** Every schedule, soonest next run first, straight from IndexedDB (the service worker writes them). */
export function useSchedules(): Schedule[] {
  return (
    useLiveQuery(async () => {
      const records = await db().schedules.orderBy('nextRunAt').toArray();
      return records.flatMap((r) => {
        const parsed = Schedule.safeParse(r.data);
        return parsed.success ? [parsed.data] : [];
      });
    }, []) ?? []
  );
}
