// Choose a value in a native <select>.
import { html } from '../../lib/html.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';

export const COUNTRIES = ['Argentina', 'Australia', 'Austria', 'Belgium', 'Brazil', 'Canada', 'Chile', 'Colombia', 'Denmark', 'Egypt', 'Finland', 'France', 'Germany', 'Ghana', 'Greece', 'India', 'Ireland', 'Italy', 'Japan', 'Kenya', 'Mexico', 'Netherlands', 'New Zealand', 'Nigeria', 'Norway', 'Peru', 'Poland', 'Portugal', 'Spain', 'Sweden', 'Switzerland', 'Turkey', 'Vietnam'];

export default formTask({
  name: 'select-native',
  description: 'Choose a value in a native <select> element.',
  title: 'Shipping address',
  generate(rng) {
    const wanted = rng.pick(COUNTRIES);
    return { text: `Set the country to ${wanted} and save the address.`, wanted };
  },
  expected: (d) => ({ country: d.wanted }),
  render(ctx) {
    const { L } = ctx;
    return html`<h1>Shipping address</h1>
${postForm(ctx, html`<div class="grid">${L.select('country', ['Country', 'Country / region', 'Country of residence'], [['', 'Select a country'], ...COUNTRIES.map((c) => [c, c])])}</div>
${submitButton(L, ['Save address', 'Save', 'Update address'])}`)}`;
  },
});
