// Find a booking by reference and surname.
import { eventsOf } from '../../store.mjs';
import { routes, prefix, baseData, init, progressOf } from './site.mjs';

export default {
  name: 'airline-find',
  description: 'Find an existing booking by its reference and the passenger surname.',
  variesLayout: true,
  prefix,
  routes,
  init,
  generate(rng, { seed }) {
    const base = baseData(rng, seed, 5);
    const target = rng.pick(base.bookings);
    // Another booking under the same surname, so the reference is what identifies it.
    const twin = base.bookings.find((b) => b !== target);
    twin.passenger.last = target.passenger.last;
    const text = `Find the booking with reference ${target.ref} (passenger surname ${target.passenger.last}) and open its details.`;
    return { ...base, text, ref: target.ref, last: target.passenger.last };
  },
  score(scenario) {
    const d = scenario.data;
    const lookups = eventsOf(scenario, 'lookup');
    const goals = [lookups.some((e) => e.ref === d.ref), lookups.some((e) => e.ref === d.ref && e.found)];
    const success = goals[1];
    const reason = success ? `booking ${d.ref} was found` : goals[0] ? `booking ${d.ref} was searched but not found (surname?)` : `booking ${d.ref} was never looked up`;
    return { success, progress: progressOf(goals), reason };
  },
};
