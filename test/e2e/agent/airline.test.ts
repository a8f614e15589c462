import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { setShowDetails } from '../../support/panel';
import type { RecordedRequest } from '../../support/llm-server';
import { elementsOf, isPlanner, isPolicy, pageOf, previousActionsOf, progressOf, taskOf, textLinesOf, type PageElement } from '../../support/model-reading';
import { plan, policyAnswer } from '../../support/scripted-web-model';

const { arena, s } = useArenaSession();

/** The booking task as a model understands it from the person's message. */
function readTask(text: string) {
  const m = /^Book the (\w+) (one-way|return) flight from (.+?) to (.+?) (?:on (.+?)|leaving on (.+?) and returning on (.+?)) (?:\(both ways\) )?for (\w+) (\S+) (\S+) \((female|male), born (.+?)\)\. Pay with card ([\d ]+), expiry (\S+), CVC (\d+)\.$/.exec(text);
  if (!m) throw new Error(`unread task: ${text}`);
  return { criterion: m[1]!, trip: m[2]!, from: m[3]!, to: m[4]!, depart: (m[5] ?? m[6])!, ret: m[7], title: m[8]!, first: m[9]!, last: m[10]!, gender: m[11]!, dob: m[12]!, card: m[13]!, expiry: m[14]!, cvc: m[15]! };
}

/** The label a page uses for a field, among the words sites use for it. */
function labelOn(els: PageElement[], words: string[], accept: (e: PageElement) => boolean = () => true): string {
  for (const w of words) if (els.some((e) => accept(e) && e.label.toLowerCase() === w.toLowerCase())) return w;
  throw new Error(`none of ${words.join(', ')} on the page`);
}
const buttonOn = (els: PageElement[], words: string[]) => {
  const b = els.find((e) => e.tag === 'button' && words.some((w) => e.text === w));
  if (!b) throw new Error(`no button ${words.join('/')}`);
  return b.text;
};
const notRadio = (e: PageElement) => e.type !== 'radio';

/** Flights as the results page lists them: number, departure, duration and price per radio. */
function flightsOn(page: string) {
  const flights: { no: string; dep: string; dur: number; price: number }[] = [];
  let dur = 0;
  for (const line of page.split('\n')) {
    const d = /^(?:\(new\) )?(\d+)h (\d\d)m$/.exec(line.trim());
    if (d) dur = Number(d[1]) * 60 + Number(d[2]);
    const r = /type=radio label="Select (SW\d+) departing (\d\d:\d\d) for \$(\d+)"/.exec(line);
    if (r) flights.push({ no: r[1]!, dep: r[2]!, dur, price: Number(r[3]) });
  }
  return flights;
}

describe('booking a flight from one chat message', () => {
  let requests: RecordedRequest[] = [];
  let card = '';
  let cvc = '';
  let expiry = '';
  let actionLines: string[] = [];

  it('searches, chooses, enters the passenger and the card (by placeholder), hands the expiry field to the person and stops before paying until allowed', { timeout: 90_000 }, async () => {
    const sc = await createScenario(arena.url, 'airline-book', 4);
    const t = readTask(sc.text);
    expect(t.trip).toBe('one-way');
    card = t.card;
    cvc = t.cvc;
    expiry = t.expiry;
    const [dobDay, dobMonth, dobYear] = t.dob.split(' ');
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          const page = pageOf(r);
          const els = elementsOf(page);
          if (/Your booking is confirmed/.test(page)) return plan('The booking is confirmed; nothing is left to do.', []);
          if (els.some((e) => /^(Find|Search|Show) flights$/.test(e.text))) {
            return plan('Fill the search form: one way, both airports from the suggestions, the date from the calendar, then search.', [
              { policy: 'CHECK', target: 'Trip type', value: 'One way' },
              { policy: 'FILL_TEXT', target: labelOn(els, ['From', 'Leaving from', 'Origin'], notRadio), value: t.from },
              { policy: 'FILL_TEXT', target: labelOn(els, ['To', 'Going to', 'Destination'], notRadio), value: t.to },
              { policy: 'CHOOSE_DATE', target: labelOn(els, ['Departure date', 'Depart', 'Outbound date'], notRadio), value: t.depart },
              { policy: 'CLICK', target: buttonOn(els, ['Search flights', 'Find flights', 'Show flights']) },
            ]);
          }
          const flights = flightsOn(page);
          if (flights.length) {
            const best = [...flights].sort((a, b) => (t.criterion === 'cheapest' ? a.price - b.price : t.criterion === 'shortest' ? a.dur - b.dur : t.criterion === 'earliest' ? a.dep.localeCompare(b.dep) : b.dep.localeCompare(a.dep)))[0]!;
            return plan(`${best.no} is the ${t.criterion} flight; select it and continue.`, [
              { policy: 'CHECK', target: 'Outbound flight', value: best.no },
              { policy: 'CLICK', target: buttonOn(els, ['Continue', 'Confirm flights', 'Next']) },
            ]);
          }
          if (els.some((e) => e.label === 'Day')) {
            return plan('Enter the passenger as the task gives them, then continue.', [
              { policy: 'SELECT', target: labelOn(els, ['Title', 'Salutation']), value: t.title },
              { policy: 'FILL_TEXT', target: labelOn(els, ['First name', 'Given name', 'First name (as on passport)']), value: t.first },
              { policy: 'FILL_TEXT', target: labelOn(els, ['Last name', 'Surname', 'Family name']), value: t.last },
              { policy: 'CHECK', target: 'Gender', value: t.gender === 'female' ? 'Female' : 'Male' },
              { policy: 'SELECT', target: 'Day', value: dobDay! },
              { policy: 'SELECT', target: 'Month', value: dobMonth! },
              { policy: 'SELECT', target: 'Year', value: dobYear! },
              { policy: 'CLICK', target: buttonOn(els, ['Save and continue', 'Continue to payment', 'Save']) },
            ]);
          }
          if (/^# Payment$/m.test(page)) {
            // The model knows the card and the CVC only by the placeholders in the task it was given.
            const [cardRef, cvcRef] = [/«card number»/, /«CVC»/].map((re) => re.exec(taskOf(r))?.[0]);
            if (!cardRef || !cvcRef) throw new Error(`the task shows no placeholders: ${taskOf(r)}`);
            return plan('Enter the card and book.', [
              { policy: 'FILL_TEXT', target: labelOn(els, ['Card number', 'Credit card number', 'Card no.']), value: cardRef },
              { policy: 'FILL_TEXT', target: labelOn(els, ['Expiry date', 'Expires (MM/YY)', 'Valid until']), value: t.expiry },
              { policy: 'FILL_TEXT', target: labelOn(els, ['CVC', 'Security code', 'CVV']), value: cvcRef },
              { policy: 'CLICK', target: buttonOn(els, ['Book flight', 'Pay and book', 'Confirm booking']) },
            ]);
          }
          throw new Error(`the planner does not know this page:\n${page}`);
        },
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );

    await s.page.goto(sc.startUrl);
    await s.ask(sc.text);

    // The card number and CVC came from the task through placeholders; the expiry, which the page
    // marks secret and the task gives in plain words, the model may not type: the person does.
    const handoff = s.panel.getByTestId('handoff').filter({ has: s.panel.getByRole('button', { name: "I'm done, continue" }) });
    // The site's forms (choose a flight, the passenger) post the person's details: each post is
    // asked about at its request, once, naming where it goes; "for this task" covers that same post
    // from that same control only, never the site's other forms.
    const formCard = s.panel.locator('[data-testid=confirm][data-category=form]').filter({ has: s.panel.getByRole('button', { name: 'Allow for this task' }) });
    const formsAsked: string[] = [];
    const sends: string[] = [];
    const contexts: string[] = [];
    const titles: string[] = [];
    for (;;) {
      await handoff.or(formCard).first().waitFor({ timeout: 45_000 });
      if (!(await formCard.count())) break;
      formsAsked.push((await formCard.first().getByTestId('confirm-host').textContent()) ?? '');
      sends.push((await formCard.first().getAttribute('data-sends-to')) ?? '');
      contexts.push((await formCard.first().getByTestId('confirm-sends').locator('li').allTextContents()).join(' · '));
      titles.push((await formCard.first().locator('.card-title').textContent()) ?? '');
      if (process.env.PANEL_SHOTS) {
        // the form's card as the person reads it, at the narrowest and a common panel width
        for (const [width, colorScheme] of [[320, 'light'], [400, 'light'], [320, 'dark']] as const) {
          await s.panel.setViewportSize({ width, height: 640 });
          await s.panel.emulateMedia({ colorScheme });
          await s.panel.screenshot({ path: `${process.env.PANEL_SHOTS}/airline-form-card-${titles.length}-${width}-${colorScheme}.png` });
        }
        await s.panel.emulateMedia({ colorScheme: 'light' });
      }
      const b = formCard.first().getByRole('button', { name: 'Allow for this task' });
      await b.click();
      await b.waitFor({ state: 'detached', timeout: 10_000 });
    }
    // the site, named once, in the title
    expect(formsAsked).toEqual([new URL(sc.startUrl).hostname, new URL(sc.startUrl).hostname]);
    // two different posts, each named by where it goes
    expect(sends.every((to) => to.startsWith(new URL(sc.startUrl).hostname)), sends.join(' | ')).toBe(true);
    expect(new Set(sends).size).toBe(2);
    // each card names the control the page shows and what it sends where, in the person's words
    for (const title of titles) expect(title).toMatch(new RegExp(`^Press “[^”]+”\\? It sends the details below to ${new URL(sc.startUrl).hostname.replace(/\./g, '\\.')}\\.$`));
    // what each post carries, named as the page names its fields; the page's hidden fields (its scenario id) counted, never named
    for (const c of contexts) expect(c).not.toMatch(/\bf_\w+:|scenario/);
    for (const c of contexts) expect(c).toMatch(/ · and \d+ hidden values? the page adds$/);
    expect(contexts.join(' | ')).toMatch(/(Last name|Surname|Passenger last name): \S/);
    // the hand-off says where the person is about to type
    expect(await handoff.textContent()).toContain(`You are on ${new URL(sc.startUrl).hostname}`);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 0, reason: 'payment was not completed' });
    const any = (...words: string[]) => new RegExp(`^(${words.map((w) => w.replace(/[.()/]/g, '\\$&')).join('|')})$`);
    expect((await s.page.getByLabel(any('Card number', 'Credit card number', 'Card no.')).inputValue()).replace(/\s/g, '')).toBe(t.card.replace(/\s/g, ''));
    await s.page.getByLabel(any('Expiry date', 'Expires (MM/YY)', 'Valid until')).fill(t.expiry);
    await handoff.getByRole('button', { name: "I'm done, continue" }).click();

    // The gate stops before the payment: nothing is booked until the person allows it.
    const confirm = s.panel.locator('[data-testid=confirm][data-category=payment]');
    await confirm.getByRole('button', { name: 'Allow once' }).waitFor({ timeout: 20_000 });
    expect(await confirm.textContent()).toMatch(/cannot be undone/);
    // the card shows the page's own words around the button: the amount to be paid
    expect(await confirm.getByTestId('confirm-context').textContent()).toMatch(/\$\d/);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 0, reason: 'payment was not completed' });
    if (process.env.PANEL_SHOTS) {
      // the page as the person sees it while asked: the glow, the Pay button marked, Stop
      await s.page.bringToFront();
      await s.page.waitForTimeout(300);
      await s.page.screenshot({ path: `${process.env.PANEL_SHOTS}/airline-page-confirm.png` });
    }
    await confirm.getByRole('button', { name: 'Allow once' }).click();

    const end = await s.waitForEnd();
    if (process.env.DEBUG_AGENT) console.log(await s.panel.getByTestId('timeline').textContent(), s.llm.requests.map((r) => r.rule));
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1, progress: 1 });
    requests = [...s.llm.requests];

    // Every web policy of the flow was called.
    for (const p of ['FILL_TEXT', 'CHOOSE_DATE', 'SELECT', 'CLICK', 'CHECK']) expect(requests.some((r) => isPolicy(r, p)), p).toBe(true);
    // Autocomplete: after typing, the suggestions were on the page and one was clicked.
    const suggested = requests.filter((r) => isPolicy(r, 'FILL_TEXT') && /<option id=\d+/.test(pageOf(r)) && previousActionsOf(r).length);
    expect(suggested.length).toBe(2);
    // The calendar was paged month by month: the model saw it on three different months' pages or more.
    const months = new Set(requests.filter((r) => isPolicy(r, 'CHOOSE_DATE')).map((r) => textLinesOf(pageOf(r)).find((l) => /^[A-Z][a-z]+ \d{4}$/.test(l))).filter(Boolean));
    expect(months.size).toBeGreaterThanOrEqual(2);
    expect([...months]).toContain('May 2027');

    // The card typed by the person never shows in a page, in what the agent reports as done, or in the timeline.
    const digits = new RegExp(t.card.replace(/ /g, '\\s?'));
    for (const r of requests) {
      if (r.lastUser.includes('<page>')) expect(pageOf(r)).not.toMatch(digits);
      expect(previousActionsOf(r).join('\n')).not.toMatch(digits);
      expect(progressOf(r)).not.toMatch(digits);
    }
    // the raw record a developer opens (Settings' "Show details"), where the element lines are: no card there either
    await setShowDetails(s.panel, true);
    actionLines = await s.panel.locator('li.ev.action').allTextContents();
    await setShowDetails(s.panel, false);
    expect(actionLines.some((l) => /^type/.test(l) && /value=\(empty\)/.test(l)), 'the typing into the card field is in the timeline').toBe(true);
  });

  it('never sends the card number or the CVC to the model', () => {
    const digits = new RegExp(card.replace(/ /g, '\\s?'));
    expect(requests.length).toBeGreaterThan(10);
    for (const r of requests) expect(JSON.stringify(r.body)).not.toMatch(digits);
    for (const r of requests) expect(JSON.stringify(r.body)).not.toMatch(new RegExp(`CVC ${cvc}\\b`));
    expect(requests.filter((r) => isPlanner(r)).every((r) => taskOf(r).includes('«card number»'))).toBe(true);
  });

  it('keeps the card number out of everything the extension stored in IndexedDB (chat, runs, events)', async () => {
    const dump = await s.panel.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const open = indexedDB.open('copilot');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const idb = open.result;
            const names = ['chats', 'messages', 'runs', 'events'].filter((n) => idb.objectStoreNames.contains(n));
            const tx = idb.transaction(names, 'readonly');
            const all: Record<string, unknown> = {};
            for (const n of names) {
              const req = tx.objectStore(n).getAll();
              req.onsuccess = () => (all[n] = req.result);
            }
            tx.oncomplete = () => resolve(JSON.stringify(all));
            tx.onerror = () => reject(tx.error);
          };
        }),
    );
    if (process.env.DEBUG_AGENT) console.log(dump.slice(dump.indexOf('"messages"'), dump.indexOf('"messages"') + 600));
    expect(dump).toContain('«card number»');
    expect(dump).toContain('"messages"');
    expect(dump).not.toMatch(new RegExp(card.replace(/ /g, '\\s?')));
    expect(dump).not.toMatch(new RegExp(`CVC ${cvc}\\b`));
    // the person's message says, under it, why the card number reads «card number» there
    expect(await s.panel.getByTestId('hidden-note').first().textContent()).toMatch(/^Your card number, expiry date and CVC are hidden from the model and from this chat; you type them into the page when it asks\.$/);
  });

  it('keeps the card number, and the text the model wrote for the secret expiry field, out of the timeline the panel shows', () => {
    expect(actionLines.some((l) => l.includes('«card number»'))).toBe(true);
    // The model typed the expiry from the task into a field the page marks secret: the person typed it instead,
    // and the action shown says only that something was hidden.
    expect(actionLines.some((l) => l.includes('(hidden)'))).toBe(true);
    for (const line of actionLines) expect(line).not.toContain(expiry);
    const digits = new RegExp(card.replace(/ /g, '\\s?'));
    for (const line of actionLines) expect(line).not.toMatch(digits);
  });
});

describe('the booking as a person reads it in the panel', () => {
  it('folds the timeline to at most 2 panel heights at 400×800, in plain words, with one final message', async () => {
    const panel = s.panel;
    await panel.setViewportSize({ width: 400, height: 800 });
    const timeline = panel.getByTestId('timeline');
    const height = await timeline.evaluate((el) => el.getBoundingClientRect().height);
    const shown = await timeline.evaluate((el) => (el as HTMLElement).innerText);
    if (process.env.DEBUG_AGENT) console.log(height, shown);
    expect(height, shown).toBeLessThanOrEqual(2 * 800);
    // no markup, page diffs, policy names or model text until the person asks for details
    expect(shown).not.toMatch(/id=\d|elements added|FILL_TEXT|CHOOSE_DATE|[Tt]hought:/);
    expect(shown).toMatch(/Typed Arjun into First name|Fill .* with Arjun/);
    if (process.env.PANEL_SHOTS) {
      for (const width of [320, 400, 480]) {
        for (const colorScheme of ['light', 'dark'] as const) {
          await panel.setViewportSize({ width, height: 800 });
          await panel.emulateMedia({ colorScheme });
          await panel.screenshot({ path: `${process.env.PANEL_SHOTS}/airline-${width}-${colorScheme}.png` });
        }
      }
      await panel.setViewportSize({ width: 400, height: 800 });
    }
    // the result is said once, in the pinned card
    const final = panel.getByTestId('final');
    expect(await final.getAttribute('data-end')).toBe('done');
    const summary = ((await final.locator('.final-text').textContent()) ?? '').trim();
    expect(summary.length).toBeGreaterThan(0);
    expect(await panel.evaluate((text) => document.body.innerText.split(text).length - 1, summary)).toBe(1);
    // a step opens to its lines, and its details say why, in words: the page model's lines and ids are the developers' (Show details)
    const step = panel.getByTestId('step').filter({ hasText: 'From' }).first();
    await step.getByRole('button').first().click();
    await step.getByRole('button', { name: 'Details' }).click();
    const details = await step.getByTestId('details').evaluate((el) => (el as HTMLElement).innerText);
    expect(details).toMatch(/Why/);
    expect(details).not.toMatch(/<input|id=\d+/);
    if (process.env.PANEL_SHOTS) {
      await step.scrollIntoViewIfNeeded();
      await panel.screenshot({ path: `${process.env.PANEL_SHOTS}/airline-step-open.png` });
    }
  });
});
