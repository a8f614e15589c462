// Find a booking by reference, then cancel it or change the passenger.
import { html, attrs } from '../../lib/html.mjs';
import { longDate, shortDate } from '../../lib/dates.mjs';
import { cityOf, hhmm } from './data.mjs';
import { passengerFields, readPassenger } from './book-flow.mjs';
import { airlinePage, notice } from './shell.mjs';

const norm = (s) => String(s ?? '').trim().toUpperCase();

export function managePage(ctx, error = '') {
  const { L } = ctx;
  const blocks = {
    ref: L.input('ref', ['Booking reference', 'Confirmation code', 'Reservation number'], { autocomplete: 'off', maxlength: 6, placeholder: 'e.g. QX7K2P' }),
    last: L.input('last-name', ['Last name', 'Surname', 'Passenger last name'], { autocomplete: 'family-name' }),
  };
  return airlinePage(ctx, 'Manage booking', html`<h1>${L.label(['Manage your booking', 'Find your trip', 'My trips'])}</h1>
${notice(error)}
<form method="get" class="card"${attrs({ action: `${ctx.prefix}/booking`, id: L.id('find-form'), 'aria-label': 'Find booking' })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}">
<div class="grid">${L.order(['ref', 'last']).map((k) => blocks[k])}</div>
<div class="actions"><button type="submit"${attrs({ id: L.id('find-button') })}>${L.label(['Search', 'Find booking', 'Retrieve'])}</button></div>
</form>`);
}

function bookingDetails(b) {
  const leg = (f) => html`${f.no} &middot; ${cityOf(f.from)} (${f.from}) ${hhmm(f.dep)} &rarr; ${cityOf(f.to)} (${f.to}) ${hhmm(f.arr)} &middot; ${shortDate(f.date)}`;
  const p = b.passenger;
  return html`<dl class="summary">
<dt>Status</dt><dd class="status">${b.status === 'cancelled' ? 'Cancelled' : 'Confirmed'}</dd>
<dt>Outbound</dt><dd>${leg(b.out)}</dd>
${b.back ? html`<dt>Return</dt><dd>${leg(b.back)}</dd>` : ''}
<dt>Passenger</dt><dd>${p.title} ${p.first} ${p.last} (${p.gender}, born ${longDate(p.dob)})</dd>
<dt>Paid with</dt><dd>Card ending ${b.card.last4}</dd>
</dl>`;
}

export function bookingPage(ctx) {
  const { L } = ctx;
  const ref = norm(ctx.query.get(L.name('ref')) ?? ctx.query.get('ref'));
  const last = (ctx.query.get(L.name('last-name')) ?? '').trim();
  const b = ctx.state.bookings[ref];
  // A reference alone is not enough on real sites; the surname must match too.
  const found = !!b && b.passenger.last.toLowerCase() === last.toLowerCase();
  ctx.record('lookup', { ref, last, found });
  if (!found) return managePage(ctx, 'We could not find a booking with that reference and last name.');
  return airlinePage(ctx, `Booking ${ref}`, html`<h1>Booking <span class="ref">${ref}</span></h1>
<div class="card">${bookingDetails(b)}</div>
${b.status === 'cancelled' ? html`<p class="muted">This booking was cancelled.</p>` : html`<div class="actions">
<a class="button"${attrs({ id: L.id('modify-link'), href: ctx.href('/modify', { ref }) })}>${L.label(['Modify passenger details', 'Edit passenger', 'Change traveller details'])}</a>
<a class="button"${attrs({ id: L.id('cancel-link'), href: ctx.href('/cancel', { ref }) })}>${L.label(['Cancel booking', 'Cancel trip', 'Cancel this booking'])}</a>
</div>`}`);
}

export function cancelPage(ctx, error = '') {
  const { L } = ctx;
  const ref = norm(ctx.query.get('ref') ?? ctx.body.get('ref'));
  const b = ctx.state.bookings[ref];
  if (!b || b.status === 'cancelled') return managePage(ctx, 'That booking cannot be cancelled.');
  if (!error) ctx.record('cancel-open', { ref });
  return airlinePage(ctx, 'Cancel booking', html`<h1>Cancel booking ${ref}?</h1>
${notice(error)}
<div class="card">${bookingDetails(b)}</div>
<form method="post" class="card"${attrs({ action: `${ctx.prefix}/cancel`, id: L.id('cancel-form') })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}"><input type="hidden" name="ref" value="${ref}">
<p>This cannot be undone. To confirm, type the booking reference again.</p>
${L.input('confirm-ref', ['Booking reference', 'Type the reference to confirm', 'Confirm reference'], { autocomplete: 'off', maxlength: 6 })}
<div class="actions"><button type="submit" class="danger"${attrs({ id: L.id('confirm-cancel') })}>${L.label(['Cancel booking', 'Yes, cancel', 'Confirm cancellation'])}</button>
<a class="button"${attrs({ href: ctx.href('/booking', { ref, [L.name('ref')]: ref, [L.name('last-name')]: b.passenger.last }) })}>Keep my booking</a></div>
</form>`);
}

export function cancelBooking(ctx) {
  const ref = norm(ctx.body.get('ref'));
  const b = ctx.state.bookings[ref];
  if (!b || b.status === 'cancelled') return managePage(ctx, 'That booking cannot be cancelled.');
  if (norm(ctx.field('confirm-ref')) !== ref) return cancelPage(ctx, 'The reference you typed does not match this booking.');
  b.status = 'cancelled';
  ctx.record('cancel', { ref });
  airlinePage(ctx, 'Booking cancelled', html`<div class="notice ok" role="status">Booking ${ref} has been cancelled. A refund is on its way.</div><p><a href="${ctx.href('/')}">Book another trip</a></p>`);
}

export function modifyPage(ctx, error = '', values) {
  const { L } = ctx;
  const ref = norm(ctx.query.get('ref') ?? ctx.body.get('ref'));
  const b = ctx.state.bookings[ref];
  if (!b || b.status === 'cancelled') return managePage(ctx, 'That booking cannot be changed.');
  if (!error) ctx.record('modify-open', { ref });
  return airlinePage(ctx, 'Modify passenger', html`<h1>Passenger details for ${ref}</h1>
${notice(error)}
<form method="post" class="card"${attrs({ action: `${ctx.prefix}/modify`, id: L.id('modify-form') })}>
<input type="hidden" name="scenario" value="${ctx.scenario.id}"><input type="hidden" name="ref" value="${ref}">
${passengerFields(L, values ?? b.passenger)}
<div class="actions"><button type="submit"${attrs({ id: L.id('save-changes') })}>${L.label(['Save', 'Save changes', 'Update passenger'])}</button></div>
</form>`);
}

export function modifyBooking(ctx) {
  const ref = norm(ctx.body.get('ref'));
  const b = ctx.state.bookings[ref];
  if (!b || b.status === 'cancelled') return managePage(ctx, 'That booking cannot be changed.');
  const { passenger, error } = readPassenger(ctx);
  if (error) return modifyPage(ctx, error, passenger);
  b.passenger = passenger;
  ctx.record('modify', { ref, passenger });
  airlinePage(ctx, 'Changes saved', html`<div class="notice ok" role="status">Passenger details for ${ref} were updated.</div><div class="card">${bookingDetails(b)}</div>`);
}
