// Seeded airline data: airports, people, flights and existing bookings.
import { createRng, hashString } from '../../lib/random.mjs';
import { addDays, seededDates } from '../../lib/dates.mjs';

export const AIRPORTS = [
  ['BOS', 'Boston', 'Logan International'], ['DEN', 'Denver', 'Denver International'], ['ORD', 'Chicago', "O'Hare International"],
  ['SEA', 'Seattle', 'Seattle-Tacoma International'], ['SFO', 'San Francisco', 'San Francisco International'], ['SAN', 'San Diego', 'San Diego International'],
  ['SJC', 'San Jose', 'Norman Y. Mineta San Jose International'], ['SAT', 'San Antonio', 'San Antonio International'], ['LAX', 'Los Angeles', 'Los Angeles International'],
  ['MIA', 'Miami', 'Miami International'], ['JFK', 'New York', 'John F. Kennedy International'], ['ATL', 'Atlanta', 'Hartsfield-Jackson'],
  ['DFW', 'Dallas', 'Dallas/Fort Worth International'], ['PHX', 'Phoenix', 'Sky Harbor International'], ['AUS', 'Austin', 'Austin-Bergstrom International'],
  ['PDX', 'Portland', 'Portland International'], ['MCO', 'Orlando', 'Orlando International'], ['LAS', 'Las Vegas', 'Harry Reid International'],
  ['MSP', 'Minneapolis', 'Minneapolis-Saint Paul International'], ['DTW', 'Detroit', 'Detroit Metropolitan'], ['BNA', 'Nashville', 'Nashville International'],
  ['SLC', 'Salt Lake City', 'Salt Lake City International'], ['CLT', 'Charlotte', 'Charlotte Douglas International'], ['PHL', 'Philadelphia', 'Philadelphia International'],
];
export const airport = (code) => AIRPORTS.find((a) => a[0] === code);
export const cityOf = (code) => airport(code)?.[1] ?? code;

export const FEMALE = ['Ana', 'Maria', 'Grace', 'Priya', 'Chloe', 'Fatima', 'Hannah', 'Mei', 'Olivia', 'Sofia', 'Amara', 'Lucia'];
export const MALE = ['James', 'Luis', 'Omar', 'Daniel', 'Kenji', 'Noah', 'Arjun', 'Mateo', 'Samuel', 'Ethan', 'Tariq', 'Felix'];
export const LAST = ['Ruiz', 'Okafor', 'Nguyen', 'Schmidt', 'Patel', 'Kowalski', 'Moreau', 'Haddad', 'Jensen', 'Costa', 'Tanaka', 'Murphy', 'Silva', 'Novak'];
export const TITLES = ['Mr', 'Mrs', 'Ms', 'Miss', 'Dr'];
const CARDS = ['4111 1111 1111 1111', '5555 5555 5555 4444', '4012 8888 8888 1881', '5105 1051 0510 5100'];

export function person(rng) {
  const gender = rng.pick(['female', 'male']);
  const first = rng.pick(gender === 'female' ? FEMALE : MALE);
  const title = gender === 'female' ? rng.pick(['Mrs', 'Ms', 'Miss', 'Dr']) : rng.pick(['Mr', 'Dr']);
  const dob = `${rng.int(1950, 2004)}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
  return { title, first, last: rng.pick(LAST), gender, dob };
}

export function card(rng) {
  return { number: rng.pick(CARDS), expiry: `${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(29, 33)}`, cvc: String(rng.int(100, 999)) };
}

export const hhmm = (minutes) => `${String(Math.floor(minutes / 60) % 24).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
export const duration = (minutes) => `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;

/**
 * The flights on one route and day. Seeded by the scenario and the query, so any search
 * (right or wrong) shows a stable list; prices, durations and times are all distinct so
 * "cheapest", "shortest", "earliest" and "latest" each have exactly one answer.
 */
export function flightsFor(key, from, to, date) {
  const rng = createRng(`flights:${key}:${from}:${to}:${date}`);
  const base = 70 + (hashString([from, to].sort().join('-')) % 260);
  const used = { dep: new Set(), dur: new Set(), price: new Set(), no: new Set() };
  const unique = (set, value, step) => {
    while (set.has(value)) value += step;
    set.add(value);
    return value;
  };
  const n = rng.int(6, 8);
  const flights = [];
  for (let i = 0; i < n; i++) {
    const stops = rng.pick([0, 0, 0, 1]);
    const dep = unique(used.dep, rng.int(66, 264) * 5, 5);
    const dur = unique(used.dur, base + stops * rng.int(50, 140) + rng.int(-10, 30), 1);
    const price = unique(used.price, 79 + rng.int(0, 480) - stops * 40, 1);
    const no = unique(used.no, rng.int(100, 1999), 1);
    flights.push({ no: `SW${no}`, from, to, date, dep, arr: dep + dur, dur, stops, price });
  }
  return flights.sort((a, b) => a.dep - b.dep);
}

export const CRITERIA = {
  cheapest: (fs) => fs.reduce((a, b) => (b.price < a.price ? b : a)),
  shortest: (fs) => fs.reduce((a, b) => (b.dur < a.dur ? b : a)),
  earliest: (fs) => fs.reduce((a, b) => (b.dep < a.dep ? b : a)),
  latest: (fs) => fs.reduce((a, b) => (b.dep > a.dep ? b : a)),
};

export function bookingRef(rng) {
  return rng.chars(6, 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789');
}

/** Bookings that exist before the person arrives; the target is one of them. */
export function existingBookings(rng, key, today, count) {
  const out = [];
  const refs = new Set();
  while (out.length < count) {
    const ref = bookingRef(rng);
    if (refs.has(ref)) continue;
    refs.add(ref);
    const [from, to] = rng.sample(AIRPORTS, 2).map((a) => a[0]);
    const date = addDays(today, rng.int(10, 120));
    const flight = rng.pick(flightsFor(key, from, to, date));
    out.push({ ref, status: 'confirmed', trip: 'one-way', out: flight, back: null, passenger: person(rng), card: { last4: rng.pick(CARDS).slice(-4) } });
  }
  return out;
}

export function tripDates(rng) {
  const { today, target, max } = seededDates(rng);
  return { today, depart: target, ret: addDays(target, rng.int(3, 14)), max };
}

export const sameText = (a, b) => String(a ?? '').trim().toLowerCase() === String(b ?? '').trim().toLowerCase();
export const samePassenger = (a, b) =>
  !!a && !!b && ['title', 'first', 'last', 'gender', 'dob'].every((k) => sameText(a[k], b[k]));
