import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { anyOf, chooseDate, seeds, useHarness } from './helpers';

const h = useHarness();

interface BookTask {
  criterion: string;
  trip: string;
  from: string;
  to: string;
  depart: string;
  ret?: string;
  title: string;
  first: string;
  last: string;
  gender: string;
  dob: string;
  card: string;
  expiry: string;
  cvc: string;
}

function parseBook(text: string): BookTask {
  const m = /^Book the (\w+) (one-way|return) flight from (.+?) to (.+?) (?:on (.+?)|leaving on (.+?) and returning on (.+?)) (?:\(both ways\) )?for (\w+) (\S+) (\S+) \((female|male), born (.+?)\)\. Pay with card ([\d ]+), expiry (\S+), CVC (\d+)\.$/.exec(text);
  if (!m) throw new Error(`unparsed task: ${text}`);
  return { criterion: m[1]!, trip: m[2]!, from: m[3]!, to: m[4]!, depart: (m[5] ?? m[6])!, ret: m[7], title: m[8]!, first: m[9]!, last: m[10]!, gender: m[11]!, dob: m[12]!, card: m[13]!, expiry: m[14]!, cvc: m[15]! };
}

async function pickAirport(page: Page, label: RegExp, city: string) {
  const input = page.getByLabel(label);
  await input.fill(city.slice(0, 3));
  await page.getByRole('option', { name: new RegExp(`^${city} \\(`) }).click();
}

interface Row {
  radio: Locator;
  dep: number;
  dur: number;
  price: number;
}

async function readFlights(list: Locator): Promise<Row[]> {
  const cards = list.locator('.flight');
  const rows: Row[] = [];
  for (let i = 0; i < (await cards.count()); i++) {
    const card = cards.nth(i);
    const text = (await card.innerText()).replace(/\s+/g, ' ');
    const dep = /^(\d\d):(\d\d)/.exec(text)!;
    const dur = /(\d+)h (\d\d)m/.exec(text)!;
    rows.push({
      radio: card.getByRole('radio'),
      dep: Number(dep[1]) * 60 + Number(dep[2]),
      dur: Number(dur[1]) * 60 + Number(dur[2]),
      price: Number(/\$(\d+)/.exec(text)![1]),
    });
  }
  return rows;
}

function choose(rows: Row[], criterion: string, rank = 0): Row {
  const key: Record<string, (r: Row) => number> = { cheapest: (r) => r.price, shortest: (r) => r.dur, earliest: (r) => r.dep, latest: (r) => -r.dep };
  return [...rows].sort((a, b) => key[criterion]!(a) - key[criterion]!(b))[rank]!;
}

async function book(page: Page, t: BookTask, rank = 0) {
  await page.getByRole('radio', { name: t.trip === 'return' ? 'Return' : 'One way', exact: true }).check();
  await pickAirport(page, anyOf('From', 'Leaving from', 'Origin'), t.from);
  await pickAirport(page, anyOf('To', 'Going to', 'Destination'), t.to);
  await chooseDate(page, anyOf('Departure date', 'Depart', 'Outbound date'), t.depart);
  if (t.ret) await chooseDate(page, anyOf('Return date', 'Return', 'Inbound date'), t.ret);
  await page.getByRole('button', { name: anyOf('Search flights', 'Find flights', 'Show flights') }).click();
  const groups = page.getByRole('radiogroup');
  await groups.first().waitFor();
  await choose(await readFlights(groups.nth(0)), t.criterion, rank).radio.check();
  if (t.ret) await choose(await readFlights(groups.nth(1)), t.criterion, rank).radio.check();
  await page.getByRole('button', { name: anyOf('Continue', 'Confirm flights', 'Next') }).click();

  await page.getByLabel(anyOf('Title', 'Salutation')).selectOption(t.title);
  await page.getByLabel(anyOf('First name', 'Given name', 'First name (as on passport)')).fill(t.first);
  await page.getByLabel(anyOf('Last name', 'Surname', 'Family name')).fill(t.last);
  await page.getByLabel(t.gender === 'female' ? 'Female' : 'Male', { exact: true }).check();
  const [day, month, year] = t.dob.split(' ');
  await page.getByLabel('Day', { exact: true }).selectOption(day!.padStart(2, '0'));
  await page.getByLabel('Month', { exact: true }).selectOption({ label: month! });
  await page.getByLabel('Year', { exact: true }).selectOption(year!);
  await page.getByRole('button', { name: anyOf('Save and continue', 'Continue to payment', 'Save') }).click();

  await page.getByLabel(anyOf('Card number', 'Credit card number', 'Card no.')).fill(t.card);
  await page.getByLabel(anyOf('Expiry date', 'Expires (MM/YY)', 'Valid until')).fill(t.expiry);
  await page.getByLabel(anyOf('CVC', 'Security code', 'CVV')).fill(t.cvc);
  await page.getByRole('button', { name: anyOf('Book flight', 'Pay and book', 'Confirm booking') }).click();
  await page.getByText('Your booking is confirmed.').waitFor();
}

async function findBooking(page: Page, ref: string, last: string) {
  await page.getByRole('link', { name: 'Manage booking' }).click();
  await page.getByLabel(anyOf('Booking reference', 'Confirmation code', 'Reservation number')).fill(ref);
  await page.getByLabel(anyOf('Last name', 'Surname', 'Passenger last name')).fill(last);
  await page.getByRole('button', { name: anyOf('Search', 'Find booking', 'Retrieve') }).click();
}

describe('airline-book', () => {
  // Seed 1 is a return trip, seed 4 one way.
  for (const seed of seeds([1, 4])) {
    it(`books the right flight, seed ${seed}`, async ({ onTestFinished }) => {
      const { page, scenario } = await h.open('airline-book', seed, onTestFinished);
      await book(page, parseBook(scenario.text));
      expect(await h.score(scenario.id)).toMatchObject({ success: 1, progress: 1 });
    });
  }
  it('scores 0 for the second-best flight', async ({ onTestFinished }) => {
    const { page, scenario } = await h.open('airline-book', 5, onTestFinished);
    await book(page, parseBook(scenario.text), 1);
    const s = await h.score(scenario.id);
    expect(s.success).toBe(0);
    expect(s.progress).toBeLessThan(1);
    expect(s.progress).toBeGreaterThan(0);
  });
});

describe('airline-find / cancel / modify', () => {
  for (const seed of seeds([1, 2, 5])) {
    it(`finds the booking, seed ${seed}`, async ({ onTestFinished }) => {
      const { page, scenario } = await h.open('airline-find', seed, onTestFinished);
      const [, ref, last] = /reference (\w+) \(passenger surname (\w+)\)/.exec(scenario.text)!;
      await findBooking(page, ref!, last!);
      await page.getByText('Confirmed').waitFor();
      expect((await h.score(scenario.id)).success).toBe(1);
    });

    it(`cancels the booking, seed ${seed}`, async ({ onTestFinished }) => {
      const { page, scenario } = await h.open('airline-cancel', seed, onTestFinished);
      const [, ref, last] = /Cancel booking (\w+) for \w+ (\w+)\./.exec(scenario.text)!;
      await findBooking(page, ref!, last!);
      await page.getByRole('link', { name: anyOf('Cancel booking', 'Cancel trip', 'Cancel this booking') }).click();
      await page.getByLabel(anyOf('Booking reference', 'Type the reference to confirm', 'Confirm reference')).fill(ref!);
      await page.getByRole('button', { name: anyOf('Cancel booking', 'Yes, cancel', 'Confirm cancellation') }).click();
      await page.getByText(`Booking ${ref} has been cancelled`).waitFor();
      expect(await h.score(scenario.id)).toMatchObject({ success: 1, progress: 1 });
    });

    it(`modifies the passenger, seed ${seed}`, async ({ onTestFinished }) => {
      const { page, scenario } = await h.open('airline-modify', seed, onTestFinished);
      const [, ref, last, what, value] = /On booking (\w+) \(surname (\w+)\), change the passenger's (date of birth|first name|last name|title) to (.+?)\. /.exec(scenario.text)!;
      await findBooking(page, ref!, last!);
      await page.getByRole('link', { name: anyOf('Modify passenger details', 'Edit passenger', 'Change traveller details') }).click();
      if (what === 'date of birth') {
        const [day, month, year] = value!.split(' ');
        await page.getByLabel('Day', { exact: true }).selectOption(day!.padStart(2, '0'));
        await page.getByLabel('Month', { exact: true }).selectOption({ label: month! });
        await page.getByLabel('Year', { exact: true }).selectOption(year!);
      } else if (what === 'first name') {
        await page.getByLabel(anyOf('First name', 'Given name', 'First name (as on passport)')).fill(value!);
      } else if (what === 'last name') {
        await page.getByLabel(anyOf('Last name', 'Surname', 'Family name')).fill(value!);
      } else {
        await page.getByLabel(anyOf('Title', 'Salutation')).selectOption(value!);
      }
      await page.getByRole('button', { name: anyOf('Save', 'Save changes', 'Update passenger') }).click();
      await page.getByText('were updated').waitFor();
      expect(await h.score(scenario.id)).toMatchObject({ success: 1, progress: 1 });
    });
  }

  it('scores 0 when another booking is looked up, cancelled or changed', async ({ onTestFinished }) => {
    const find = await h.open('airline-find', 7, onTestFinished);
    await findBooking(find.page, 'ZZZZZZ', 'Nobody');
    expect((await h.score(find.scenario.id)).success).toBe(0);

    const cancel = await h.open('airline-cancel', 7, onTestFinished);
    const [, ref, last] = /Cancel booking (\w+) for \w+ (\w+)\./.exec(cancel.scenario.text)!;
    await findBooking(cancel.page, ref!, last!);
    await cancel.page.getByRole('link', { name: anyOf('Cancel booking', 'Cancel trip', 'Cancel this booking') }).click();
    // A wrong confirmation reference must not cancel.
    await cancel.page.getByLabel(anyOf('Booking reference', 'Type the reference to confirm', 'Confirm reference')).fill('WRONG1');
    await cancel.page.getByRole('button', { name: anyOf('Cancel booking', 'Yes, cancel', 'Confirm cancellation') }).click();
    await cancel.page.getByRole('alert').waitFor();
    const c = await h.score(cancel.scenario.id);
    expect(c.success).toBe(0);
    expect(c.progress).toBeCloseTo(2 / 3, 2);

    const modify = await h.open('airline-modify', 7, onTestFinished);
    const [, mref, mlast] = /On booking (\w+) \(surname (\w+)\)/.exec(modify.scenario.text)!;
    await findBooking(modify.page, mref!, mlast!);
    await modify.page.getByRole('link', { name: anyOf('Modify passenger details', 'Edit passenger', 'Change traveller details') }).click();
    await modify.page.getByLabel(anyOf('First name', 'Given name', 'First name (as on passport)')).fill('Wrongname');
    await modify.page.getByRole('button', { name: anyOf('Save', 'Save changes', 'Update passenger') }).click();
    await modify.page.getByText('were updated').waitFor();
    expect((await h.score(modify.scenario.id)).success).toBe(0);
  });
});
