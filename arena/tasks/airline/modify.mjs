// Change one passenger detail on an existing booking and nothing else.
import { eventsOf } from '../../store.mjs';
import { longDate } from '../../lib/dates.mjs';
import { FEMALE, MALE, LAST, samePassenger } from './data.mjs';
import { routes, prefix, baseData, init, progressOf } from './site.mjs';

export default {
  name: 'airline-modify',
  description: "Modify the passenger details of an existing booking (name, title or date of birth).",
  variesLayout: true,
  prefix,
  routes,
  init,
  generate(rng, { seed }) {
    const base = baseData(rng, seed, 4);
    const target = rng.pick(base.bookings);
    const p = target.passenger;
    const kind = rng.pick(['dob', 'first', 'last', 'title']);
    const other = (list, current) => rng.pick(list.filter((x) => x !== current));
    let change;
    let what;
    if (kind === 'dob') {
      change = { dob: `${rng.int(1950, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}` };
      what = `date of birth to ${longDate(change.dob)}`;
    } else if (kind === 'first') {
      change = { first: other(p.gender === 'female' ? FEMALE : MALE, p.first) };
      what = `first name to ${change.first}`;
    } else if (kind === 'last') {
      change = { last: other(LAST, p.last) };
      what = `last name to ${change.last}`;
    } else {
      change = { title: other(p.gender === 'female' ? ['Mrs', 'Ms', 'Miss', 'Dr'] : ['Mr', 'Dr'], p.title) };
      what = `title to ${change.title}`;
    }
    const text = `On booking ${target.ref} (surname ${p.last}), change the passenger's ${what}. Leave everything else as it is.`;
    return { ...base, text, ref: target.ref, expected: { ...p, ...change } };
  },
  score(scenario) {
    const d = scenario.data;
    const others = d.bookings.filter((b) => b.ref !== d.ref && !samePassenger(b.passenger, scenario.state.bookings[b.ref].passenger));
    const now = scenario.state.bookings[d.ref].passenger;
    const goals = [
      eventsOf(scenario, 'lookup').some((e) => e.ref === d.ref && e.found),
      eventsOf(scenario, 'modify-open').some((e) => e.ref === d.ref),
      samePassenger(now, d.expected),
    ];
    const success = goals[2] && others.length === 0;
    const reason = others.length ? `other bookings were changed: ${others.map((b) => b.ref).join(', ')}`
      : success ? `passenger on ${d.ref} updated` : `passenger on ${d.ref} is ${now.title} ${now.first} ${now.last}, born ${now.dob}; expected ${d.expected.title} ${d.expected.first} ${d.expected.last}, born ${d.expected.dob}`;
    return { success, progress: others.length ? 0 : progressOf(goals), reason };
  },
};
