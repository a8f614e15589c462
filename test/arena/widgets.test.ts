import type { Page } from 'playwright-core';
import { anyOf, chooseDate, clickReported, escapeRe, useHarness, describeCases, type Case } from './helpers';

const h = useHarness();

const match = (re: RegExp, text: string) => {
  const m = re.exec(text);
  if (!m) throw new Error(`task text not understood: ${text}`);
  return m.slice(1) as string[];
};
const splitList = (text: string) => text.split(/, | and /);

const submit = (page: Page, ...labels: string[]) => page.getByRole('button', { name: anyOf(...labels) }).click();
const saved = (page: Page) => page.getByRole('status').first().waitFor();

const cases: Record<string, Case> = {
  checkboxes: {
    async solve(page, text) {
      const [list] = match(/^Add (.+) as toppings/, text);
      for (const t of splitList(list!)) await page.getByLabel(t, { exact: true }).check();
      await submit(page, 'Add to order', 'Add pizza', 'Continue');
      await saved(page);
    },
    async wrong(page, text) {
      const [list] = match(/^Add (.+) as toppings/, text);
      await page.getByLabel(splitList(list!)[0]!, { exact: true }).check();
      await submit(page, 'Add to order', 'Add pizza', 'Continue');
      await saved(page);
    },
  },
  radio: {
    async solve(page, text) {
      const [want] = match(/^Choose "(.+?)"/, text);
      await page.getByLabel(want!, { exact: true }).check();
      await submit(page, 'Continue to checkout', 'Continue', 'Next step');
      await saved(page);
    },
    async wrong(page) {
      // Leaves the pre-selected default, which is never the one asked for.
      await submit(page, 'Continue to checkout', 'Continue', 'Next step');
      await saved(page);
    },
  },
  'select-native': {
    async solve(page, text) {
      const [want] = match(/^Set the country to (.+) and save/, text);
      await page.getByLabel(anyOf('Country', 'Country / region', 'Country of residence')).selectOption(want!);
      await submit(page, 'Save address', 'Save', 'Update address');
      await saved(page);
    },
    async wrong(page, text) {
      const [want] = match(/^Set the country to (.+) and save/, text);
      await page.getByLabel(anyOf('Country', 'Country / region', 'Country of residence')).selectOption(want === 'Spain' ? 'Sweden' : 'Spain');
      await submit(page, 'Save address', 'Save', 'Update address');
      await saved(page);
    },
  },
  'select-custom': {
    async solve(page, text) {
      const [want] = match(/language to "(.+?)"/, text);
      await page.getByRole('combobox', { name: /^(Display language|Language|Interface language) / }).click();
      await page.getByRole('option', { name: want, exact: true }).click();
      await submit(page, 'Save preferences', 'Save', 'Apply');
      await saved(page);
    },
    async wrong(page, text) {
      const [want] = match(/language to "(.+?)"/, text);
      await page.getByRole('combobox', { name: /^(Display language|Language|Interface language) / }).click();
      await page.getByRole('option').filter({ hasNotText: want! }).first().click();
      await submit(page, 'Save preferences', 'Save', 'Apply');
      await saved(page);
    },
  },
  autocomplete: {
    async solve(page, text) {
      const [want] = match(/city to (.+?) \(choose/, text);
      await page.getByRole('combobox', { name: anyOf('City', 'Delivery city', 'Town or city') }).fill(want!.split(',')[0]!);
      await page.getByRole('option', { name: new RegExp(`^${escapeRe(want!)}`) }).click();
      await submit(page, 'Save', 'Save city', 'Confirm');
      await saved(page);
    },
    async wrong(page, text) {
      // Typing the whole name without picking a suggestion does not count.
      const [want] = match(/city to (.+?) \(choose/, text);
      await page.getByRole('combobox', { name: anyOf('City', 'Delivery city', 'Town or city') }).fill(want!);
      await page.keyboard.press('Escape');
      await submit(page, 'Save', 'Save city', 'Confirm');
      await saved(page);
    },
  },
  'date-picker': {
    async solve(page, text) {
      const [date] = match(/^Choose (.+?) as the delivery date/, text);
      await chooseDate(page, anyOf('Delivery date', 'Date', 'Preferred date'), date!);
      await submit(page, 'Confirm date', 'Confirm', 'Save');
      await saved(page);
    },
    async wrong(page, text) {
      const [date] = match(/^Choose (.+?) as the delivery date/, text);
      const [d, m, y] = date!.split(' ');
      const other = `${Number(d) === 1 ? 2 : Number(d) - 1} ${m} ${y}`;
      await chooseDate(page, anyOf('Delivery date', 'Date', 'Preferred date'), other);
      await submit(page, 'Confirm date', 'Confirm', 'Save');
      await saved(page);
    },
  },
  spinner: {
    async solve(page, text) {
      const [n] = match(/guests to (\d+)/, text);
      const box = page.getByRole('spinbutton');
      for (let i = 0; i < 20 && (await box.inputValue()) !== n; i++) await page.getByRole('button', { name: 'Increase' }).click();
      await submit(page, 'Update reservation', 'Update', 'Save changes');
      await saved(page);
    },
    async wrong(page) {
      await page.getByRole('button', { name: 'Increase' }).click();
      await submit(page, 'Update reservation', 'Update', 'Save changes');
      await saved(page);
    },
  },
  tabs: {
    async solve(page, text) {
      const [tab, setting] = match(/^In the (\w+) tab, turn on "(.+?)"/, text);
      await page.getByRole('tab', { name: tab }).click();
      await page.getByLabel(setting!, { exact: true }).check();
      await submit(page, 'Save settings', 'Save', 'Save changes');
      await saved(page);
    },
    async wrong(page, text) {
      const [tab, setting] = match(/^In the (\w+) tab, turn on "(.+?)"/, text);
      // Also flips a setting on the first tab, which the task said to leave alone.
      await page.getByRole('tabpanel').getByRole('switch').first().click();
      await page.getByRole('tab', { name: tab }).click();
      await page.getByLabel(setting!, { exact: true }).check();
      await submit(page, 'Save settings', 'Save', 'Save changes');
      await saved(page);
    },
  },
  login: {
    async solve(page, text) {
      const [user, pass] = match(/username "(.+?)" and the password "(.+?)"/, text);
      await page.getByLabel(anyOf('Username', 'Email or username', 'User ID')).fill(user!);
      await page.getByLabel(anyOf('Password', 'Your password', 'Passcode')).fill(pass!);
      await submit(page, 'Sign in', 'Log in', 'Continue');
      await saved(page);
    },
    async wrong(page, text) {
      const [user] = match(/username "(.+?)"/, text);
      await page.getByLabel(anyOf('Username', 'Email or username', 'User ID')).fill(user!);
      await page.getByLabel(anyOf('Password', 'Your password', 'Passcode')).fill('password123');
      await submit(page, 'Sign in', 'Log in', 'Continue');
      await saved(page);
    },
  },
  'login-popup': {
    async solve(page, text) {
      const [user, pass] = match(/username "(.+?)" and the password "(.+?)"/, text);
      await clickReported(page, page.getByRole('dialog').getByRole('button', { name: 'No thanks' }));
      await page.getByLabel(anyOf('Username', 'Email or username', 'User ID')).fill(user!);
      await page.getByLabel(anyOf('Password', 'Your password', 'Passcode')).fill(pass!);
      await submit(page, 'Sign in', 'Log in', 'Continue');
      await saved(page);
    },
    async wrong(page, text) {
      const [, pass] = match(/username "(.+?)" and the password "(.+?)"/, text);
      await clickReported(page, page.getByRole('dialog').getByRole('button', { name: 'No thanks' }));
      await page.getByLabel(anyOf('Username', 'Email or username', 'User ID')).fill('someone.else');
      await page.getByLabel(anyOf('Password', 'Your password', 'Passcode')).fill(pass!);
      await submit(page, 'Sign in', 'Log in', 'Continue');
      await saved(page);
    },
  },
  'table-read': {
    async solve(page, text) {
      await answerTable(page, text, 0);
    },
    async wrong(page, text) {
      await answerTable(page, text, 1);
    },
  },
  'shadow-form': {
    async solve(page, text) {
      const [name, email, freq] = match(/newsletter as (.+?) \((.+?)\) with (\w+) emails/, text);
      await fillShadow(page, name!, email!, freq!);
    },
    async wrong(page, text) {
      const [name, email, freq] = match(/newsletter as (.+?) \((.+?)\) with (\w+) emails/, text);
      await fillShadow(page, name!, email!, freq === 'daily' ? 'weekly' : 'daily');
    },
  },
  'iframe-form': {
    async solve(page, text) {
      const [name, topic, message] = match(/request as (.+?), topic "(.+?)", with the message "(.+?)"/, text);
      await fillFrame(page, name!, topic!, message!);
    },
    async wrong(page, text) {
      const [name, topic, message] = match(/request as (.+?), topic "(.+?)", with the message "(.+?)"/, text);
      await fillFrame(page, name!, topic === 'Billing' ? 'Feedback' : 'Billing', message!);
    },
  },
};

async function answerTable(page: Page, text: string, rowOffset: number) {
  const [column, id] = match(/^What is the (.+?) of order #(\d+)\?/, text);
  const headers = (await page.locator('table thead th').allInnerTexts()).map((t) => t.trim().toLowerCase());
  const col = headers.indexOf(column!);
  const rows = page.locator('table tbody tr');
  const ids = (await rows.locator('th').allInnerTexts()).map((t) => t.trim());
  const row = (ids.indexOf(`#${id}`) + rowOffset) % ids.length;
  const value = (await rows.nth(row).locator('th, td').nth(col).innerText()).trim();
  await page.getByLabel(anyOf('Answer', 'Your answer', 'Value')).fill(value);
  await submit(page, 'Submit answer', 'Submit', 'Send');
  await saved(page);
}

async function fillShadow(page: Page, name: string, email: string, freq: string) {
  await page.getByLabel(anyOf('Full name', 'Name', 'Your name')).fill(name);
  await page.getByLabel(anyOf('Email', 'Email address', 'Your email')).fill(email);
  await page.getByLabel(anyOf('How often?', 'Frequency', 'Email frequency')).selectOption(freq[0]!.toUpperCase() + freq.slice(1));
  await submit(page, 'Subscribe', 'Sign me up', 'Join');
  await saved(page);
}

async function fillFrame(page: Page, name: string, topic: string, message: string) {
  const frame = page.frameLocator('iframe[title="Support request form"]');
  await frame.getByLabel(anyOf('Your name', 'Name', 'Full name')).fill(name);
  await frame.getByLabel(anyOf('Topic', 'What is it about?', 'Category')).selectOption(topic);
  await frame.getByLabel(anyOf('Message', 'How can we help?', 'Details')).fill(message);
  await frame.getByRole('button', { name: anyOf('Send request', 'Send', 'Submit') }).click();
  await frame.getByRole('status').waitFor();
}

describeCases(h, cases, { wrongSeed: 4, reasonNot: /never submitted/ });
