import { Demonstration } from '../../../src/shared/demonstration';

const SEARCH_PAGE = `# Search flights
Find the cheapest fares.
<input id=3 type=radio label="One way">
<input id=4 type=radio label="Return" checked>
<input id=5 label="From" placeholder="City or airport">
<input id=6 label="To" placeholder="City or airport">
<input id=7 type=date label="Departure date">
<button id=8>Search flights</button>
-- below viewport --
<a id=9>Terms</a>
<a id=10>Privacy</a>
(23 more links below: Home, About, Careers)`;

const LOGIN_PAGE = `# Sign in
<input id=2 label="Username">
<input id=3 type=password label="Password" value=(filled)>
<button id=4>Sign in</button>`;

const fp = (name: string, role = 'textbox', extra: Record<string, unknown> = {}) => ({ tag: 'input', role, name, label: name, css: 'x', ...extra });

/** A demonstration shaped like the recorder's: a flight search on the arena, with a sign-in and its password. */
export function flightDemo(overrides: Partial<Demonstration> = {}): Demonstration {
  const url = 'http://127.0.0.1:4173/airline/search';
  return Demonstration.parse({
    format: 'copilot-demonstration',
    version: 1,
    id: 'demo-flight',
    task: 'Search flights from Boston to Denver on 12 July',
    site: '127.0.0.1:4173',
    startUrl: 'http://127.0.0.1:4173/airline/login',
    title: 'SkyWays',
    headings: ['Sign in'],
    createdAt: 1,
    steps: [
      { at: 1, url: 'http://127.0.0.1:4173/airline/login', title: 'SkyWays', page: LOGIN_PAGE, action: { kind: 'type', id: 2, value: 'ada' }, target: fp('Username') },
      { at: 2, url: 'http://127.0.0.1:4173/airline/login', title: 'SkyWays', page: LOGIN_PAGE, action: { kind: 'type', id: 3, value: '', secret: true }, target: fp('Password', 'textbox', { inputType: 'password' }), variable: 'password' },
      { at: 3, url: 'http://127.0.0.1:4173/airline/login', title: 'SkyWays', page: LOGIN_PAGE, action: { kind: 'click', id: 4 }, target: fp('Sign in', 'button', { tag: 'button', label: undefined, text: 'Sign in' }) },
      { at: 4, url, title: 'SkyWays search', page: SEARCH_PAGE, action: { kind: 'check', id: 3, checked: true }, target: fp('One way', 'radio') },
      { at: 5, url, title: 'SkyWays search', page: SEARCH_PAGE, action: { kind: 'type', id: 5, value: 'Boston' }, target: fp('From') },
      { at: 6, url, title: 'SkyWays search', page: SEARCH_PAGE, action: { kind: 'type', id: 6, value: 'Denver' }, target: fp('To') },
      { at: 7, url, title: 'SkyWays search', page: SEARCH_PAGE, action: { kind: 'type', id: 7, value: '2027-07-12' }, target: fp('Departure date', 'textbox', { inputType: 'date' }) },
      { at: 8, url, title: 'SkyWays search', page: SEARCH_PAGE, action: { kind: 'click', id: 8 }, target: fp('Search flights', 'button', { tag: 'button', label: undefined, text: 'Search flights' }) },
    ],
    ...overrides,
  });
}
