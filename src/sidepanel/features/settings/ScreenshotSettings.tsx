import { DEFAULT_MODELS, type SettingsPatch, type SettingsView } from '../../../shared/settings';
import { modelSeesImages, sendsScreenshots } from '../../../shared/seeing-models';

/**
 * "Send screenshots" for the model that acts on the page (the policy role), kept per model name:
 * on by default for models known to see, off for others. Secret fields are blacked out either way.
 */
export function ScreenshotSettings({ view, draft, onChange }: { view: SettingsView; draft: SettingsPatch; onChange: (d: SettingsPatch) => void }) {
  const provider = draft.provider ?? view.provider;
  const model = (draft.models?.policy ?? view.models.policy) || DEFAULT_MODELS[provider].policy;
  if (!model) return null;
  const choices = { ...view.screenshotModels, ...draft.screenshotModels };
  const on = sendsScreenshots(model, choices);
  return (
    <fieldset>
      <legend>Screenshots</legend>
      <label>
        <input
          type="checkbox"
          name="send-screenshots"
          checked={on}
          onChange={(e) => onChange({ ...draft, screenshotModels: { ...draft.screenshotModels, [model.trim()]: e.target.checked } })}
        />{' '}
        Send screenshots to {model}
      </label>
      <p className="muted small">
        {modelSeesImages(model) ? 'This model accepts pictures.' : 'This model is not known to accept pictures.'} When on, a picture of the visible part of the
        page, with element numbers drawn on it, goes with the page text where the text says little (canvas, pictures). Password, card and code fields are
        blacked out first.
      </p>
    </fieldset>
  );
}
