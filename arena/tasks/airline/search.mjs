// Search form, results list and flight selection.
import { html, attrs } from '../../lib/html.mjs';
import { datepicker, combobox } from '../../lib/widgets.mjs';
import { longDate, shortDate } from '../../lib/dates.mjs';
import { AIRPORTS, airport, cityOf, flightsFor, hhmm, duration } from './data.mjs';
import { airlinePage, notice } from './shell.mjs';

const airportOptions = AIRPORTS.map(([value, city, name]) => ({ value, label: `${city} (${value})`, hint: name }));
const isIso = (s) => /^\d{4}-\d{2}-\d{2}$/.test(s);

export function searchPage(ctx, error = '') {
  const { L, data } = ctx;
  // One variant lets the departure date be typed; the canonical page insists on the calendar.
  const typing = !L.canonical && L.variant % 3 === 2;
  const blocks = {
    trip: L.radios('trip', ['Trip type', 'Journey', 'Ticket type'], [['return', 'Return'], ['one-way', 'One way']], { checked: 'return' }),
    from: combobox(L, 'from', ['From', 'Leaving from', 'Origin'], airportOptions, { placeholder: 'City or airport' }),
    to: combobox(L, 'to', ['To', 'Going to', 'Destination'], airportOptions, { placeholder: 'City or airport' }),
    depart: datepicker(L, 'depart', ['Departure date', 'Depart', 'Outbound date'], { min: data.today, max: data.max, typing }),
    ret: html`<div${attrs({ id: L.id('return-box') })}>${datepicker(L, 'return', ['Return date', 'Return', 'Inbound date'], { min: data.today, max: data.max })}</div>`,
    pax: L.select('pax', ['Passengers', 'Travellers', 'Adults'], [1, 2, 3, 4, 5, 6].map((n) => [n, `${n} adult${n > 1 ? 's' : ''}`])),
  };
  const order = L.order(['trip', 'from', 'to', 'depart', 'ret', 'pax']);
  const tripName = L.name('trip');
  const script = `(function () {
  var box = document.getElementById(${JSON.stringify(L.id('return-box'))});
  var radios = document.querySelectorAll('input[name="${tripName}"]');
  function sync() {
    var checked = document.querySelector('input[name="${tripName}"]:checked');
    box.hidden = !!checked && checked.value === 'one-way';
  }
  radios.forEach(function (r) { r.addEventListener('change', sync); });
  sync();
})();`;
  return airlinePage(ctx, 'Book a flight', html`<section class="hero"><h1>Where to next?</h1><p>Low fares to ${AIRPORTS.length} cities. Today is ${longDate(data.today)}.</p></section>
${notice(error)}
<form class="card ${L.cls('search-form')}" method="get"${attrs({ action: `${ctx.prefix}/results`, id: L.id('search-form'), 'aria-label': 'Search flights' })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
<div class="grid">${order.map((k) => blocks[k])}</div>
<div class="actions"><button type="submit"${attrs({ id: L.id('search-button') })}>${L.label(['Search flights', 'Find flights', 'Show flights'])}</button></div>
</form>`, [script]);
}

/** The query as the server understood it, or an error for the person. */
export function readSearch(ctx) {
  const { L, query: q, data } = ctx;
  const get = (k) => (q.get(L.name(k)) ?? '').trim();
  const s = { from: get('from'), to: get('to'), depart: get('depart'), ret: get('return'), trip: get('trip') || 'return', pax: Number(get('pax') || 1) };
  if (!airport(s.from) || !airport(s.to)) return { error: 'Please choose both airports from the suggestions.' };
  if (s.from === s.to) return { error: 'Origin and destination must differ.' };
  if (!isIso(s.depart) || s.depart < data.today || s.depart > data.max) return { error: 'Please choose a departure date.' };
  if (s.trip === 'return' && (!isIso(s.ret) || s.ret < s.depart || s.ret > data.max)) return { error: 'Please choose a return date on or after the departure date.' };
  if (s.trip !== 'return') s.ret = '';
  return { search: s };
}

const SORTS = { departure: (a, b) => a.dep - b.dep, price: (a, b) => a.price - b.price, duration: (a, b) => a.dur - b.dur };

function flightList(ctx, key, flights, heading) {
  const { L } = ctx;
  return html`<h2>${heading}</h2>
<div role="radiogroup"${attrs({ 'aria-label': heading, class: L.cls('flight-list') })}>
${flights.map((f) => {
    const id = L.id(`${key}-${f.no}`);
    return L.wrap(html`<div class="card flight ${L.cls('flight-card')}">
<div><div class="time">${hhmm(f.dep)}</div><div class="muted">${cityOf(f.from)} (${f.from})</div></div>
<div><div class="time">${hhmm(f.arr)}${f.arr >= 1440 ? ' +1' : ''}</div><div class="muted">${cityOf(f.to)} (${f.to})</div></div>
<div><div>${duration(f.dur)}</div><div class="muted">${f.stops ? '1 stop' : 'Nonstop'} &middot; ${f.no}</div></div>
<div class="price">$${f.price}</div>
<div class="choice"><input type="radio"${attrs({ id, name: L.name(key), value: f.no, required: true })}><label${attrs({ for: id })}>Select <span class="sr-only">${f.no} departing ${hhmm(f.dep)} for $${f.price}</span></label></div>
</div>`);
  })}
</div>`;
}

export function resultsPage(ctx) {
  const { L, query: q } = ctx;
  const { search: s, error } = readSearch(ctx);
  if (error) return searchPage(ctx, error);
  ctx.record('search', s);
  const sort = SORTS[q.get('sort')] ? q.get('sort') : 'departure';
  const out = flightsFor(ctx.data.flightKey, s.from, s.to, s.depart).sort(SORTS[sort]);
  const back = s.trip === 'return' ? flightsFor(ctx.data.flightKey, s.to, s.from, s.ret).sort(SORTS[sort]) : [];
  const keep = [...q.entries()].filter(([k]) => k !== 'sort');
  return airlinePage(ctx, 'Choose flights', html`<h1>${cityOf(s.from)} to ${cityOf(s.to)}</h1>
<p class="muted">${s.trip === 'return' ? 'Return' : 'One way'} &middot; ${shortDate(s.depart)}${s.ret ? html` &ndash; ${shortDate(s.ret)}` : ''} &middot; ${s.pax} adult${s.pax > 1 ? 's' : ''} &middot; <a href="${ctx.href('/')}">Change search</a></p>
<form method="get" class="inline-form"${attrs({ action: `${ctx.prefix}/results` })}>
${keep.map(([k, v]) => html`<input type="hidden"${attrs({ name: k, value: v })}>`)}
<label${attrs({ for: L.id('sort') })}>Sort by</label>
<select${attrs({ id: L.id('sort'), name: 'sort' })}>${Object.keys(SORTS).map((k) => html`<option${attrs({ value: k, selected: k === sort })}>${k[0].toUpperCase() + k.slice(1)}</option>`)}</select>
<button type="submit">Sort</button>
</form>
<form method="post"${attrs({ action: `${ctx.prefix}/select`, id: L.id('select-form') })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
${['from', 'to', 'depart', 'ret', 'trip', 'pax'].map((k) => html`<input type="hidden"${attrs({ name: k, value: s[k] })}>`)}
${flightList(ctx, 'out', out, `Outbound: ${shortDate(s.depart)}`)}
${s.trip === 'return' ? flightList(ctx, 'back', back, `Return: ${shortDate(s.ret)}`) : ''}
<div class="actions"><button type="submit"${attrs({ id: L.id('continue') })}>${L.label(['Continue', 'Confirm flights', 'Next'])}</button></div>
</form>`);
}

export function selectFlights(ctx) {
  const { body, L } = ctx;
  const s = { from: body.get('from'), to: body.get('to'), depart: body.get('depart'), ret: body.get('ret') || '', trip: body.get('trip'), pax: Number(body.get('pax')) };
  const out = flightsFor(ctx.data.flightKey, s.from, s.to, s.depart).find((f) => f.no === ctx.field('out'));
  const back = s.trip === 'return' ? flightsFor(ctx.data.flightKey, s.to, s.from, s.ret).find((f) => f.no === ctx.field('back')) : null;
  if (!out || (s.trip === 'return' && !back)) {
    const q = new URLSearchParams({ scenario: ctx.scenario.id, [L.name('from')]: s.from, [L.name('to')]: s.to, [L.name('depart')]: s.depart, [L.name('return')]: s.ret, [L.name('trip')]: s.trip, [L.name('pax')]: String(s.pax) });
    return ctx.redirect(`${ctx.prefix}/results?${q}`);
  }
  ctx.state.cart = { ...s, out, back };
  ctx.record('select', { search: s, out: out.no, back: back?.no ?? null });
  ctx.redirect(ctx.href('/passengers'));
}
