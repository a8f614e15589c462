// The SkyWay Airlines site shared by the four airline tasks.
import { searchPage, resultsPage, selectFlights } from './search.mjs';
import { passengersPage, savePassenger, paymentPage, pay, confirmationPage } from './book-flow.mjs';
import { managePage, bookingPage, cancelPage, cancelBooking, modifyPage, modifyBooking } from './manage.mjs';
import { existingBookings, tripDates } from './data.mjs';

export const prefix = '/airline';

export const routes = {
  'GET /': (ctx) => searchPage(ctx),
  'GET /results': resultsPage,
  'POST /select': selectFlights,
  'GET /passengers': (ctx) => passengersPage(ctx),
  'POST /passengers': savePassenger,
  'GET /payment': (ctx) => paymentPage(ctx),
  'POST /payment': pay,
  'GET /confirmation': confirmationPage,
  'GET /manage': (ctx) => managePage(ctx),
  'GET /booking': bookingPage,
  'GET /cancel': (ctx) => cancelPage(ctx),
  'POST /cancel': cancelBooking,
  'GET /modify': (ctx) => modifyPage(ctx),
  'POST /modify': modifyBooking,
};

/** Dates and the bookings already in the system, common to every airline scenario. */
export function baseData(rng, seed, bookingCount) {
  const dates = tripDates(rng);
  const flightKey = `airline:${seed}`;
  return { ...dates, flightKey, bookings: existingBookings(rng, flightKey, dates.today, bookingCount) };
}

export function init(scenario) {
  scenario.state.cart = null;
  scenario.state.bookings = Object.fromEntries(scenario.data.bookings.map((b) => [b.ref, structuredClone(b)]));
}

/** HeaP's task progress: the share of sub-goals reached. */
export const progressOf = (goals) => goals.filter(Boolean).length / goals.length;
