// A text field whose value only counts when the right suggestion is picked from the list.
import { html } from '../../lib/html.mjs';
import { combobox } from '../../lib/widgets.mjs';
import { formTask, postForm, submitButton, slug } from '../common.mjs';

// Near-duplicates on purpose: typing the city name is not enough to know which one.
const CITIES = ['Portland, Oregon', 'Portland, Maine', 'Springfield, Illinois', 'Springfield, Massachusetts', 'Springfield, Missouri', 'San Jose, California', 'San Jose, Costa Rica', 'Santiago, Chile', 'Santiago de Compostela, Spain', 'Cambridge, England', 'Cambridge, Massachusetts', 'London, England', 'London, Ontario', 'Paris, France', 'Paris, Texas', 'Valencia, Spain', 'Valencia, Venezuela', 'Victoria, British Columbia', 'Victoria, Texas', 'Columbus, Ohio', 'Columbus, Georgia', 'Richmond, Virginia', 'Richmond, California', 'Córdoba, Argentina', 'Córdoba, Spain'];

export default formTask({
  name: 'autocomplete',
  description: 'Type into a field with suggestions and pick the right one among look-alikes.',
  title: 'Delivery city',
  generate(rng) {
    const wanted = rng.pick(CITIES);
    return { text: `Set the delivery city to ${wanted} (choose it from the suggestions) and save.`, wanted };
  },
  expected: (d) => ({ city: slug(d.wanted) }),
  render(ctx) {
    const { L } = ctx;
    return html`<h1>Where should we deliver?</h1>
${postForm(ctx, html`${combobox(L, 'city', ['City', 'Delivery city', 'Town or city'], CITIES.map((c) => ({ value: slug(c), label: c })), { placeholder: 'Start typing a city' })}
${submitButton(L, ['Save', 'Save city', 'Confirm'])}`)}`;
  },
});
