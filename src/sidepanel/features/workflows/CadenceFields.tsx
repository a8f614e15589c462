import type { Cadence } from '../../../shared/schedule';

type Unit = Extract<Cadence, { kind: 'every' }>['unit'];
export interface CadenceDraft {
  kind: Cadence['kind'];
  amount: string;
  unit: Unit;
  time: string;
}

export const cadenceOf = (d: CadenceDraft): Cadence => (d.kind === 'every' ? { kind: 'every', amount: Math.min(1000, Math.max(1, Math.round(Number(d.amount) || 1))), unit: d.unit } : { kind: 'daily', time: d.time });

/** "Every [1] [hours]" or "Every day at [08:00]". */
export function CadenceFields({ draft, onChange }: { draft: CadenceDraft; onChange: (d: CadenceDraft) => void }) {
  const set = (patch: Partial<CadenceDraft>) => onChange({ ...draft, ...patch });
  return (
    <div className="row">
      <select aria-label="How often" value={draft.kind} onChange={(e) => set({ kind: e.target.value as Cadence['kind'] })}>
        <option value="every">Every</option>
        <option value="daily">Every day at</option>
      </select>
      {draft.kind === 'every' ? (
        <>
          <input aria-label="How many" type="number" min={1} max={1000} value={draft.amount} onChange={(e) => set({ amount: e.target.value })} style={{ width: '5em' }} />
          <select aria-label="Unit" value={draft.unit} onChange={(e) => set({ unit: e.target.value as Unit })}>
            <option value="minutes">minutes</option>
            <option value="hours">hours</option>
            <option value="days">days</option>
          </select>
        </>
      ) : (
        <input aria-label="Time of day" type="time" required value={draft.time} onChange={(e) => set({ time: e.target.value })} />
      )}
    </div>
  );
}
