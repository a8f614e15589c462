import type { SettingsPatch, SettingsView } from '../../../shared/settings';

/**
 * Whether a task shows its plan before it starts (src/agent/loop/plan-approval.ts): approved, the
 * forms the plan's own steps send go without a question each; payments, messages, deletions and
 * anything the plan does not name are still asked. Off by default: each form is asked when it is sent.
 */
export function PlanSettings({ view, draft, onChange }: { view: SettingsView; draft: SettingsPatch; onChange: (d: SettingsPatch) => void }) {
  const on = draft.approvePlan ?? view.approvePlan;
  return (
    <fieldset>
      <legend>Before a task starts</legend>
      <label>
        <input type="checkbox" name="approve-plan" checked={on} onChange={(e) => onChange({ ...draft, approvePlan: e.target.checked })} /> Show me the plan
        first
      </label>
      <p className="muted small">
        You approve the plan once; the forms its steps send then go without asking again. Payments, messages, deletions and anything not in the plan are still asked
        each time.
      </p>
    </fieldset>
  );
}
