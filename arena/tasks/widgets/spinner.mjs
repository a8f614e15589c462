// A number spinner with -/+ buttons; on some seeds the box cannot be typed into.
import { html } from '../../lib/html.mjs';
import { spinner } from '../../lib/widgets.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';

export default formTask({
  name: 'spinner',
  description: 'Set a number with a spinner (buttons or arrow keys; some seeds make the box read-only).',
  title: 'Table booking',
  brand: 'Olive Tree Bistro',
  generate(rng) {
    const start = rng.int(1, 3);
    const wanted = rng.int(4, 12);
    return { text: `Set the number of guests to ${wanted} and update the reservation.`, start, wanted, readonly: rng.next() < 0.5 };
  },
  expected: (d) => ({ guests: String(d.wanted) }),
  render(ctx) {
    const { L, data } = ctx;
    return html`<h1>Your reservation</h1><p>Friday, 7:30 pm &middot; Window table</p>
${postForm(ctx, html`${spinner(L, 'guests', ['Guests', 'Number of guests', 'Party size'], { value: data.start, min: 1, max: 20, readonly: data.readonly })}
${submitButton(L, ['Update reservation', 'Update', 'Save changes'])}`)}`;
  },
});
