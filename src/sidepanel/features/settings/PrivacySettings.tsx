import { ScreenshotSettings } from './ScreenshotSettings';
import { RETENTION_CHOICES, type SettingsPatch, type SettingsView } from '../../../shared/settings';

const retentionLabel = (days: number) => (days === 0 ? 'forever' : days === 365 ? '1 year' : `${days} days`);

/**
 * What the co-pilot keeps and reuses: examples from other sites (off by default: a
 * demonstration's page lines would reach prompts for another site), and how long chats, runs and
 * their events stay in this browser.
 */
export function PrivacySettings({ view, draft, onChange }: { view: SettingsView; draft: SettingsPatch; onChange: (d: SettingsPatch) => void }) {
  const otherSites = draft.examplesFromOtherSites ?? view.examplesFromOtherSites;
  const days = draft.historyRetentionDays ?? view.historyRetentionDays;
  const choices: number[] = RETENTION_CHOICES.includes(days as (typeof RETENTION_CHOICES)[number]) ? [...RETENTION_CHOICES] : [...RETENTION_CHOICES, days];
  return (
    <>
    <ScreenshotSettings view={view} draft={draft} onChange={onChange} />
    <fieldset>
      <legend>Privacy</legend>
      <label>
        <input
          type="checkbox"
          name="examples-from-other-sites"
          checked={otherSites}
          onChange={(e) => onChange({ ...draft, examplesFromOtherSites: e.target.checked })}
        />{' '}
        Use examples recorded on other sites
      </label>
      <p className="muted small">Off: a task gets examples only from demonstrations recorded on the same site, so text of one site's pages is never shown to the model on another.</p>
      <label>
        Keep chats and runs
        <select name="history-retention" value={String(days)} onChange={(e) => onChange({ ...draft, historyRetentionDays: Number(e.target.value) })}>
          {choices.map((d) => (
            <option key={d} value={String(d)}>
              {retentionLabel(d)}
            </option>
          ))}
        </select>
      </label>
      <p className="muted small">Older chats, their runs and timelines are deleted from this browser.</p>
    </fieldset>
    </>
  );
}
