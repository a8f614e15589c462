// Tick exactly the requested boxes among several.
import { html, attrs } from '../../lib/html.mjs';
import { formTask, postForm, submitButton, slug } from '../common.mjs';

const TOPPINGS = ['Mushrooms', 'Olives', 'Basil', 'Peppers', 'Onions', 'Pineapple', 'Spinach', 'Jalapenos', 'Anchovies', 'Sweetcorn', 'Artichokes', 'Rocket'];
const list = (items) => items.slice(0, -1).join(', ') + (items.length > 1 ? ' and ' : '') + items.at(-1);

export default formTask({
  name: 'checkboxes',
  description: 'Tick several checkboxes (and only those) and submit.',
  title: 'Build your pizza',
  brand: 'Slice & Co.',
  generate(rng) {
    const options = rng.sample(TOPPINGS, 8);
    const wanted = rng.sample(options, rng.int(2, 4));
    return { text: `Add ${list(wanted)} as toppings, and nothing else, then add the pizza to the order.`, options, wanted };
  },
  expected: (d) => ({ topping: d.wanted.map(slug) }),
  render(ctx) {
    const { L, data } = ctx;
    const name = L.name('topping');
    return html`<h1>Build your pizza</h1>
${postForm(ctx, html`<fieldset class="${L.cls('toppings')}"><legend>${L.label(['Toppings', 'Extra toppings', 'Choose toppings'])}</legend>
${L.order(data.options).map((t) => {
      const id = L.id(`top-${slug(t)}`);
      return L.wrap(html`<span class="choice"><input type="checkbox"${attrs({ id, name, value: slug(t) })}><label${attrs({ for: id })}>${t}</label></span>`);
    })}</fieldset>
${submitButton(L, ['Add to order', 'Add pizza', 'Continue'])}`)}`;
  },
  thanks: 'Your pizza was added to the order.',
});
