// Passenger details, payment and confirmation: the steps after choosing flights.
import { html, attrs } from '../../lib/html.mjs';
import { MONTHS, shortDate } from '../../lib/dates.mjs';
import { TITLES, bookingRef, cityOf, hhmm } from './data.mjs';
import { createRng } from '../../lib/random.mjs';
import { airlinePage, notice } from './shell.mjs';

/** Title, names, gender and date of birth; shared by booking and by "modify passenger". */
export function passengerFields(L, p = {}) {
  const [y, m, d] = (p.dob ?? '').split('-');
  const sel = (key, label, options, value) => L.field(key, label, (a) => html`<select${a}><option value="">${label[0]}</option>${options.map(([v, t]) => html`<option${attrs({ value: v, selected: String(v) === String(value ?? '') })}>${t}</option>`)}</select>`, { noWrap: true });
  const pad = (n) => String(n).padStart(2, '0');
  const blocks = {
    title: sel('title', ['Title', 'Salutation'], TITLES.map((t) => [t, t]), p.title),
    first: L.field('first', ['First name', 'Given name', 'First name (as on passport)'], (a) => html`<input type="text" autocomplete="given-name"${a}${attrs({ value: p.first ?? '' })}>`),
    last: L.field('last', ['Last name', 'Surname', 'Family name'], (a) => html`<input type="text" autocomplete="family-name"${a}${attrs({ value: p.last ?? '' })}>`),
    gender: L.radios('gender', ['Gender', 'Sex'], [['female', 'Female'], ['male', 'Male']], { checked: p.gender }),
    dob: L.wrap(html`<fieldset class="${L.cls('dob')}"><legend>${L.label(['Date of birth', 'Birth date'])}</legend>
${sel('dob-day', ['Day'], Array.from({ length: 31 }, (_, i) => [pad(i + 1), i + 1]), d)}
${sel('dob-month', ['Month'], MONTHS.map((name, i) => [pad(i + 1), name]), m)}
${sel('dob-year', ['Year'], Array.from({ length: 90 }, (_, i) => [2026 - i, 2026 - i]), y)}
</fieldset>`),
  };
  return html`<div class="grid">${L.order(['title', 'first', 'last', 'gender', 'dob']).map((k) => blocks[k])}</div>`;
}

export function readPassenger(ctx) {
  const p = { title: ctx.field('title'), first: ctx.field('first'), last: ctx.field('last'), gender: ctx.field('gender') };
  const [d, m, y] = ['dob-day', 'dob-month', 'dob-year'].map((k) => ctx.field(k));
  p.dob = d && m && y ? `${y}-${m}-${d}` : '';
  const missing = Object.entries(p).filter(([, v]) => !v).map(([k]) => k);
  return missing.length ? { error: `Please complete: ${missing.join(', ')}.`, passenger: p } : { passenger: p };
}

const tripSummary = (c) => html`<dl class="summary">
<dt>Outbound</dt><dd>${c.out.no} &middot; ${cityOf(c.out.from)} ${hhmm(c.out.dep)} &rarr; ${cityOf(c.out.to)} ${hhmm(c.out.arr)} &middot; ${shortDate(c.out.date)}</dd>
${c.back ? html`<dt>Return</dt><dd>${c.back.no} &middot; ${cityOf(c.back.from)} ${hhmm(c.back.dep)} &rarr; ${cityOf(c.back.to)} ${hhmm(c.back.arr)} &middot; ${shortDate(c.back.date)}</dd>` : ''}
</dl>`;

const noCart = (ctx) => airlinePage(ctx, 'Session expired', html`<h1>Your session has expired</h1><p><a href="${ctx.href('/')}">Start a new search</a></p>`);

export function passengersPage(ctx, error = '', values = {}) {
  const cart = ctx.state.cart;
  if (!cart) return noCart(ctx);
  const { L } = ctx;
  return airlinePage(ctx, 'Passenger details', html`<h1>${L.label(['Passenger details', 'Who is travelling?', 'Traveller information'])}</h1>
${notice(error)}
<div class="card">${tripSummary(cart)}</div>
<form method="post" class="card"${attrs({ action: `${ctx.prefix}/passengers`, id: L.id('passenger-form') })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
<h2>Adult 1</h2>
${passengerFields(L, values)}
<div class="actions"><button type="submit"${attrs({ id: L.id('save-passenger') })}>${L.label(['Save and continue', 'Continue to payment', 'Save'])}</button></div>
</form>`);
}

export function savePassenger(ctx) {
  if (!ctx.state.cart) return noCart(ctx);
  const { passenger, error } = readPassenger(ctx);
  if (error) return passengersPage(ctx, error, passenger);
  ctx.state.cart.passenger = passenger;
  ctx.record('passenger', { passenger });
  ctx.redirect(ctx.href('/payment'));
}

const luhn = (digits) => {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return sum % 10 === 0;
};

export function paymentPage(ctx, error = '') {
  const cart = ctx.state.cart;
  if (!cart?.passenger) return noCart(ctx);
  const { L } = ctx;
  const total = (cart.out.price + (cart.back?.price ?? 0)) * cart.pax;
  const blocks = {
    number: L.input('card-number', ['Card number', 'Credit card number', 'Card no.'], { inputmode: 'numeric', autocomplete: 'cc-number', placeholder: '1234 5678 9012 3456' }),
    expiry: L.input('card-expiry', ['Expiry date', 'Expires (MM/YY)', 'Valid until'], { autocomplete: 'cc-exp', placeholder: 'MM/YY' }),
    cvc: L.input('card-cvc', ['CVC', 'Security code', 'CVV'], { inputmode: 'numeric', autocomplete: 'cc-csc', maxlength: 4 }),
  };
  return airlinePage(ctx, 'Payment', html`<h1>Payment</h1>
${notice(error)}
<div class="card">${tripSummary(cart)}<p>Passenger: ${cart.passenger.title} ${cart.passenger.first} ${cart.passenger.last}</p><p><strong>Total: $${total}</strong></p></div>
<form method="post" class="card"${attrs({ action: `${ctx.prefix}/payment`, id: L.id('payment-form') })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
<div class="grid">${L.order(['number', 'expiry', 'cvc']).map((k) => blocks[k])}</div>
<div class="actions"><button type="submit"${attrs({ id: L.id('book-button') })}>${L.label(['Book flight', 'Pay and book', 'Confirm booking'])}</button></div>
</form>`);
}

export function pay(ctx) {
  const cart = ctx.state.cart;
  if (!cart?.passenger) return noCart(ctx);
  const digits = ctx.field('card-number').replace(/[\s-]/g, '');
  const exp = /^(\d{2})\s*\/?\s*(?:20)?(\d{2})$/.exec(ctx.field('card-expiry'));
  const cvc = ctx.field('card-cvc');
  if (!/^\d{13,19}$/.test(digits) || !luhn(digits)) return paymentPage(ctx, 'The card number is not valid.');
  if (!exp || Number(exp[1]) < 1 || Number(exp[1]) > 12 || Number(exp[2]) < 27) return paymentPage(ctx, 'The expiry date is not valid.');
  if (!/^\d{3,4}$/.test(cvc)) return paymentPage(ctx, 'The security code is not valid.');
  const rng = createRng(`ref:${ctx.data.flightKey}:${Object.keys(ctx.state.bookings).length}`);
  let ref = bookingRef(rng);
  while (ctx.state.bookings[ref]) ref = bookingRef(rng);
  const booking = { ref, status: 'confirmed', trip: cart.trip, pax: cart.pax, out: cart.out, back: cart.back, passenger: cart.passenger, card: { number: digits, expiry: `${exp[1]}/${exp[2]}`, cvc, last4: digits.slice(-4) } };
  ctx.state.bookings[ref] = booking;
  ctx.state.cart = null;
  ctx.record('book', { ref });
  ctx.redirect(ctx.href('/confirmation', { ref }));
}

export function confirmationPage(ctx) {
  const b = ctx.state.bookings[ctx.query.get('ref')];
  if (!b) return noCart(ctx);
  return airlinePage(ctx, 'Booking confirmed', html`<div class="notice ok" role="status">Your booking is confirmed.</div>
<h1>Thank you, ${b.passenger.first}!</h1>
<div class="card"><p>Booking reference: <span class="ref" id="${ctx.L.id('booking-ref')}">${b.ref}</span></p>${tripSummary(b)}
<p>A confirmation was sent to your email. Card ending ${b.card.last4} was charged.</p></div>
<p><a href="${ctx.href('/manage')}">Manage this booking</a></p>`);
}
