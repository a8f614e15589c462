// Choose a value in a dropdown made of divs (role=listbox), not a native select.
import { html } from '../../lib/html.mjs';
import { dropdown } from '../../lib/widgets.mjs';
import { formTask, postForm, submitButton, slug } from '../common.mjs';

const LANGUAGES = ['English (US)', 'English (UK)', 'Español', 'Español (Latinoamérica)', 'Français', 'Français (Canada)', 'Deutsch', 'Italiano', 'Português (Brasil)', 'Português (Portugal)', 'Nederlands', 'Polski', 'Svenska', 'Türkçe', '日本語', '한국어'];

export default formTask({
  name: 'select-custom',
  description: 'Choose a value in a custom div-based dropdown (listbox), not a native select.',
  title: 'Preferences',
  generate(rng) {
    const wanted = rng.pick(LANGUAGES);
    return { text: `Change the display language to "${wanted}" and save your preferences.`, wanted };
  },
  expected: (d) => ({ language: slug(d.wanted) || d.wanted }),
  render(ctx) {
    const { L } = ctx;
    return html`<h1>Preferences</h1>
${postForm(ctx, html`${dropdown(L, 'language', ['Display language', 'Language', 'Interface language'], LANGUAGES.map((l) => [slug(l) || l, l]))}
${submitButton(L, ['Save preferences', 'Save', 'Apply'])}`)}`;
  },
});
