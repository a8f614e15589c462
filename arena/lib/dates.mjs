// Calendar dates as ISO strings (YYYY-MM-DD), computed in UTC so no time zone can shift a day.
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

const toDate = (iso) => new Date(`${iso}T00:00:00Z`);
const toIso = (d) => d.toISOString().slice(0, 10);

export const addDays = (iso, n) => toIso(new Date(toDate(iso).getTime() + n * 86400000));

/** "12 March 2027" */
export function longDate(iso) {
  const d = toDate(iso);
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "Fri 12 Mar" */
export function shortDate(iso) {
  const d = toDate(iso);
  return `${['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][d.getUTCDay()]} ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()].slice(0, 3)}`;
}

/** A day in 2027 some months after a seeded "today", so the picker must be paged forward. */
export function seededDates(rng) {
  const today = toIso(new Date(Date.UTC(2027, rng.int(0, 5), rng.int(1, 28))));
  const target = addDays(today, rng.int(35, 150));
  return { today, target, max: addDays(today, 330) };
}
