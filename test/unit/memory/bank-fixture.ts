import { Demonstration } from '../../../src/shared/demonstration';
import type { RecordingData } from '../../../src/shared/messages/recording';

/** What must never be kept of the recorded pages below. */
export const BALANCE = '$12,345.67';
export const BARE_BALANCE = '8,901.23';
export const EMAIL = 'ana.lima@example.com';
export const ACCOUNT = '4111 2222 3333 4444';
export const IBAN = 'DE89 3704 0044 0532 0130 00';
/** typed into the Reference field, then echoed by the page */
export const TYPED = 'Rent for March flat 4B';
/** far from anything acted on */
export const FAR_TEXT = 'Coffee shop, 23 Oct';

const transactions = Array.from({ length: 30 }, (_, i) => `${FAR_TEXT.replace('23', String(i + 1))} | -$${i + 3}.50`);

const PAY_PAGE = [
  '# Accounts',
  `Signed in as ${EMAIL}`,
  `Checking ${ACCOUNT} · balance ${BALANCE}`,
  `Savings ${IBAN} · ${BARE_BALANCE}`,
  ...transactions,
  '## Pay a bill',
  '<input id=20 label="Amount">',
  '<input id=21 label="Reference">',
  `<input id=22 label="Last payee" value="Old landlord ${BALANCE}">`,
  `Notice sent to ${EMAIL}`,
  '<button id=23>Pay $420</button>',
  '<a id=24>Help</a>',
  '-- below viewport --',
  '<a id=25>Privacy</a>',
].join('\n');

/** the same page after typing: the field shows the value and the page repeats it */
const PAY_PAGE_TYPED = PAY_PAGE.replace('<input id=20 label="Amount">', '<input id=20 label="Amount" value="420">')
  .replace('<input id=21 label="Reference">', `<input id=21 label="Reference" value="${TYPED}">\nReference preview: ${TYPED}`);

const fp = (name: string, tag = 'input', role = 'textbox') => ({ tag, role, name, label: name, css: `#${name.toLowerCase()}`, xpath: '', frames: [], shadow: [] });
const URL = 'https://www.mybank.example/pay';

export const bankSteps = () => [
  { at: 1, url: URL, title: `MyBank – ${EMAIL}`, page: PAY_PAGE, action: { kind: 'type' as const, id: 20, value: '420', secret: false }, target: fp('Amount') },
  { at: 2, url: URL, title: `MyBank – ${EMAIL}`, page: PAY_PAGE, action: { kind: 'type' as const, id: 21, value: TYPED, secret: false }, target: fp('Reference') },
  { at: 3, url: URL, title: `MyBank – ${EMAIL}`, page: PAY_PAGE_TYPED, action: { kind: 'click' as const, id: 23 }, target: fp('Pay $420', 'button', 'button') },
  { at: 4, url: `${URL}/done`, title: 'Paid', page: PAY_PAGE_TYPED, action: { kind: 'navigate' as const, url: `${URL}/done` } },
];

/** A bill payment recorded with whole pages, as recordings were stored before they were reduced. */
export function bankDemo(overrides: Partial<Demonstration> = {}): Demonstration {
  return Demonstration.parse({
    format: 'copilot-demonstration',
    version: 1,
    id: 'demo-bank',
    task: 'Pay the rent to my landlord',
    site: 'www.mybank.example',
    startUrl: URL,
    title: `MyBank – ${EMAIL}`,
    headings: ['Accounts', `Balance ${BALANCE}`],
    createdAt: 1,
    steps: bankSteps(),
    ...overrides,
  });
}

export function bankRecording(): RecordingData {
  return {
    first: { url: URL, title: `MyBank – ${EMAIL}`, headings: ['Accounts', `Balance ${BALANCE}`], page: PAY_PAGE },
    steps: bankSteps().map((s) => ({ ...s, action: s.action.kind === 'type' ? { ...s.action } : s.action })),
    lastUrl: `${URL}/done`,
    ready: true,
  } as RecordingData;
}

/** Everything above that must not be in what is stored, exported or sent: each as it would appear in JSON. */
export const PRIVATE = [BALANCE, '12,345.67', BARE_BALANCE, EMAIL, ACCOUNT, IBAN, FAR_TEXT, 'Old landlord'];

/** How often the typed value occurs: it belongs to its own action only. */
export const count = (text: string, needle: string) => text.split(needle).length - 1;
