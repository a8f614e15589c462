// A date chosen in a calendar that opens on the current month and must be paged forward.
import { html } from '../../lib/html.mjs';
import { datepicker } from '../../lib/widgets.mjs';
import { longDate, seededDates } from '../../lib/dates.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';

export default formTask({
  name: 'date-picker',
  description: 'Choose a date several months ahead in a calendar paged month by month.',
  title: 'Delivery date',
  generate(rng) {
    const { today, target, max } = seededDates(rng);
    return { text: `Choose ${longDate(target)} as the delivery date and confirm.`, today, target, max };
  },
  expected: (d) => ({ date: d.target }),
  render(ctx) {
    const { L, data } = ctx;
    const typing = !L.canonical && L.variant % 3 === 2;
    return html`<h1>Pick a delivery date</h1><p class="muted">Today is ${longDate(data.today)}.</p>
${postForm(ctx, html`${datepicker(L, 'date', ['Delivery date', 'Date', 'Preferred date'], { min: data.today, max: data.max, typing })}
${submitButton(L, ['Confirm date', 'Confirm', 'Save'])}`)}`;
  },
});
