// Book a flight end to end: search, choose by a criterion, passenger details, payment.
import { eventsOf } from '../../store.mjs';
import { longDate } from '../../lib/dates.mjs';
import { AIRPORTS, CRITERIA, card, cityOf, flightsFor, person, samePassenger } from './data.mjs';
import { routes, prefix, baseData, init, progressOf } from './site.mjs';

export default {
  name: 'airline-book',
  description: 'Book a flight: search with autocomplete and a month-by-month date picker, choose by price, duration or time, passenger details, payment.',
  variesLayout: true,
  prefix,
  routes,
  init,
  generate(rng, { seed }) {
    const base = baseData(rng, seed, 3);
    const [from, to] = rng.sample(AIRPORTS, 2).map((a) => a[0]);
    const trip = rng.next() < 0.35 ? 'return' : 'one-way';
    const criterion = rng.pick(Object.keys(CRITERIA));
    const passenger = person(rng);
    const payment = card(rng);
    const when = trip === 'return'
      ? `leaving on ${longDate(base.depart)} and returning on ${longDate(base.ret)}`
      : `on ${longDate(base.depart)}`;
    const text = `Book the ${criterion} ${trip} flight from ${cityOf(from)} to ${cityOf(to)} ${when}` +
      `${trip === 'return' ? ' (both ways)' : ''} for ${passenger.title} ${passenger.first} ${passenger.last}` +
      ` (${passenger.gender}, born ${longDate(passenger.dob)}). Pay with card ${payment.number}, expiry ${payment.expiry}, CVC ${payment.cvc}.`;
    return { ...base, text, from, to, trip, criterion, passenger, payment };
  },
  score(scenario) {
    const d = scenario.data;
    const ret = d.trip === 'return' ? d.ret : '';
    const out = CRITERIA[d.criterion](flightsFor(d.flightKey, d.from, d.to, d.depart));
    const back = ret ? CRITERIA[d.criterion](flightsFor(d.flightKey, d.to, d.from, ret)) : null;
    const rightSearch = (s) => s.from === d.from && s.to === d.to && s.depart === d.depart && s.trip === d.trip && s.ret === ret && s.pax === 1;
    const rightFlights = (b) => b.out?.no === out.no && b.out.date === d.depart && (back ? b.back?.no === back.no && b.back.date === ret : !b.back);
    const rightCard = (c) => c.number === d.payment.number.replace(/\s/g, '') && c.expiry === d.payment.expiry && c.cvc === d.payment.cvc;
    const booked = eventsOf(scenario, 'book').map((e) => scenario.state.bookings[e.ref]);
    const correct = (b) => rightFlights(b) && b.pax === 1 && samePassenger(b.passenger, d.passenger) && rightCard(b.card);
    const goals = [
      eventsOf(scenario, 'search').some(rightSearch),
      eventsOf(scenario, 'select').some((e) => rightSearch(e.search) && e.out === out.no && (back ? e.back === back.no : true)),
      eventsOf(scenario, 'passenger').some((e) => samePassenger(e.passenger, d.passenger)),
      booked.some(correct),
    ];
    const success = booked.length === 1 && correct(booked[0]);
    let reason;
    if (success) reason = `booked ${out.no}${back ? ` and ${back.no}` : ''} for ${d.passenger.first} ${d.passenger.last}`;
    else if (booked.length > 1) reason = `${booked.length} bookings were made, expected exactly one`;
    else if (!goals[0]) reason = 'no search with the right airports, dates, trip type and one passenger';
    else if (!goals[1]) reason = `the ${d.criterion} flight${back ? 's were' : ' was'} not selected (expected ${out.no}${back ? ` and ${back.no}` : ''})`;
    else if (!goals[2]) reason = 'passenger details do not match the task';
    else reason = booked.length ? 'the booking does not match the task (flight, passenger or card)' : 'payment was not completed';
    return { success, progress: progressOf(goals), reason };
  },
};
