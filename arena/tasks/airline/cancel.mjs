// Cancel a booking: find it, press cancel, re-enter the reference to confirm.
import { eventsOf } from '../../store.mjs';
import { routes, prefix, baseData, init, progressOf } from './site.mjs';

export default {
  name: 'airline-cancel',
  description: 'Cancel a booking, confirming by re-entering its reference; cancelling any other booking fails.',
  variesLayout: true,
  prefix,
  routes,
  init,
  generate(rng, { seed }) {
    const base = baseData(rng, seed, 5);
    const target = rng.pick(base.bookings);
    const text = `Cancel booking ${target.ref} for ${target.passenger.first} ${target.passenger.last}.`;
    return { ...base, text, ref: target.ref };
  },
  score(scenario) {
    const d = scenario.data;
    const bookings = Object.values(scenario.state.bookings);
    const wrong = bookings.filter((b) => b.ref !== d.ref && b.status === 'cancelled').map((b) => b.ref);
    const goals = [
      eventsOf(scenario, 'lookup').some((e) => e.ref === d.ref && e.found),
      eventsOf(scenario, 'cancel-open').some((e) => e.ref === d.ref),
      scenario.state.bookings[d.ref].status === 'cancelled',
    ];
    const success = goals[2] && wrong.length === 0;
    const reason = wrong.length ? `other bookings were cancelled: ${wrong.join(', ')}` : success ? `booking ${d.ref} was cancelled` : `booking ${d.ref} is still active`;
    return { success, progress: wrong.length ? 0 : progressOf(goals), reason };
  },
};
