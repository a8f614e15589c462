// Read one value from a table and type it into an answer field.
import { html } from '../../lib/html.mjs';
import { formTask, postForm, submitButton } from '../common.mjs';
import { FEMALE, MALE, LAST } from '../airline/data.mjs';

const STATUSES = ['Processing', 'Shipped', 'Delivered', 'Cancelled', 'On hold', 'Refunded'];
const COLUMNS = { customer: 'Customer', total: 'Total', status: 'Status', date: 'Order date' };

export default formTask({
  name: 'table-read',
  description: 'Read a value from a table of orders and type it into the answer field.',
  title: 'Orders',
  brand: 'Northwind Admin',
  generate(rng) {
    const ids = new Set();
    const rows = [];
    while (rows.length < 14) {
      const id = rng.int(10000, 99999);
      if (ids.has(id)) continue;
      ids.add(id);
      rows.push({
        id: String(id),
        customer: `${rng.pick([...FEMALE, ...MALE])} ${rng.pick(LAST)}`,
        date: `2027-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`,
        total: `$${rng.int(12, 1999)}.${String(rng.int(0, 99)).padStart(2, '0')}`,
        status: rng.pick(STATUSES),
      });
    }
    const row = rng.pick(rows);
    const column = rng.pick(Object.keys(COLUMNS));
    return { text: `What is the ${COLUMNS[column].toLowerCase()} of order #${row.id}? Type it in the answer box and submit.`, rows, answer: row[column] };
  },
  expected: (d) => ({ answer: d.answer }),
  render(ctx) {
    const { L, data } = ctx;
    const cols = L.order(['id', 'date', 'customer', 'total', 'status']);
    const head = { id: 'Order', ...COLUMNS };
    return html`<h1>Recent orders</h1>
${L.wrap(html`<table class="data-table ${L.cls('orders')}"><caption class="sr-only">Recent orders</caption><thead><tr>${cols.map((c) => html`<th scope="col">${head[c]}</th>`)}</tr></thead>
<tbody>${data.rows.map((r) => html`<tr>${cols.map((c) => (c === 'id' ? html`<th scope="row">#${r.id}</th>` : html`<td>${r[c]}</td>`))}</tr>`)}</tbody></table>`)}
${postForm(ctx, html`${L.input('answer', ['Answer', 'Your answer', 'Value'], { autocomplete: 'off' })}${submitButton(L, ['Submit answer', 'Submit', 'Send'])}`)}`;
  },
  thanks: 'Answer received.',
});
