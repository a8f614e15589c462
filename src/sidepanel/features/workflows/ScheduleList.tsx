import { ScheduleItem } from './ScheduleItem';
import { useSchedules } from './use-schedules';

/** The schedules, soonest first; nothing when there are none (the Schedule button of a workflow makes one). */
export function ScheduleList({ onMessage }: { onMessage: (text: string, error?: boolean) => void }) {
  const schedules = useSchedules();
  if (!schedules.length) return null;
  return (
    <section aria-label="Schedules" data-testid="schedules">
      <h3 className="small">Schedules</h3>
      <ul className="workflow-list">
        {schedules.map((s) => (
          <ScheduleItem key={s.id} schedule={s} onMessage={onMessage} />
        ))}
      </ul>
    </section>
  );
}
