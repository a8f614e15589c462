// Pick one option from a radio group whose default is something else.
import { html } from '../../lib/html.mjs';
import { formTask, postForm, submitButton, slug } from '../common.mjs';

const OPTIONS = ['Standard delivery', 'Express delivery', 'Next-day delivery', 'Click and collect', 'Locker pickup', 'Economy post'];

export default formTask({
  name: 'radio',
  description: 'Choose one option in a radio group (the default is a different one).',
  title: 'Delivery options',
  generate(rng) {
    const options = rng.sample(OPTIONS, 4);
    const wanted = rng.pick(options.slice(1));
    return { text: `Choose "${wanted}" as the delivery method and continue to checkout.`, options, wanted };
  },
  expected: (d) => ({ delivery: slug(d.wanted) }),
  render(ctx) {
    const { L, data } = ctx;
    return html`<h1>How would you like your order delivered?</h1>
${postForm(ctx, html`${L.radios('delivery', ['Delivery method', 'Shipping', 'Delivery'], L.order(data.options).map((o) => [slug(o), o]), { checked: slug(data.options[0]) })}
${submitButton(L, ['Continue to checkout', 'Continue', 'Next step'])}`)}`;
  },
});
