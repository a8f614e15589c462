import type { Page } from 'playwright-core';
import { anyOf, clickReported, escapeRe, useHarness, describeCases, type Case } from './helpers';

const h = useHarness();

const about = (text: string) => {
  const m = /from (.+?) about "(.+?)"/.exec(text);
  if (!m) throw new Error(`task text not understood: ${text}`);
  return { sender: m[1]!, subject: m[2]! };
};

/** Open a message by its subject, or another message from the same sender when `other` is set. */
async function openMessage(page: Page, text: string, other = false) {
  const { sender, subject } = about(text);
  const rows = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: sender });
  const row = other ? rows.filter({ hasNot: page.getByRole('link', { name: subject, exact: true }) }).first() : rows.filter({ has: page.getByRole('link', { name: subject, exact: true }) });
  await row.getByRole('link').click();
  await page.getByRole('toolbar', { name: 'Message actions' }).waitFor();
}

async function send(page: Page) {
  await page.getByRole('button', { name: 'Send' }).click();
  await page.getByText('Message sent.').waitFor();
}

const cases: Record<string, Case> = {
  'inbox-reply': {
    async solve(page, text) {
      await openMessage(page, text);
      await page.getByRole('link', { name: 'Reply' }).click();
      const body = page.getByLabel(anyOf('Message', 'Body'));
      await body.fill(/with the message "(.+?)"$/.exec(text)![1]! + '\n\n' + (await body.inputValue()));
      await send(page);
    },
    async wrong(page, text) {
      await openMessage(page, text, true);
      await page.getByRole('link', { name: 'Reply' }).click();
      await page.getByLabel(anyOf('Message', 'Body')).fill(/with the message "(.+?)"$/.exec(text)![1]!);
      await send(page);
    },
  },
  'inbox-forward': {
    async solve(page, text) {
      await openMessage(page, text);
      await page.getByRole('link', { name: 'Forward' }).click();
      await page.getByLabel(anyOf('To', 'Recipients')).fill(/ to (\S+@\S+)\.$/.exec(text)![1]!);
      await send(page);
    },
    async wrong(page, text) {
      await openMessage(page, text);
      await page.getByRole('link', { name: 'Forward' }).click();
      await page.getByLabel(anyOf('To', 'Recipients')).fill('someone.else@example.com');
      await send(page);
    },
  },
  'inbox-delete': {
    async solve(page, text) {
      await openMessage(page, text);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Message moved to Trash.').waitFor();
    },
    async wrong(page, text) {
      await openMessage(page, text, true);
      await page.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('Message moved to Trash.').waitFor();
    },
  },
  'inbox-star': {
    async solve(page, text) {
      const sender = /emails from (.+?)\.$/.exec(text)![1]!;
      const stars = page.getByRole('button', { name: new RegExp(`^Star message from ${escapeRe(sender)}:`) });
      for (let i = 0; i < (await stars.count()); i++) {
        if ((await stars.nth(i).getAttribute('aria-pressed')) !== 'true') await clickReported(page, stars.nth(i), '/star');
      }
    },
    async wrong(page, text) {
      const sender = /emails from (.+?)\.$/.exec(text)![1]!;
      await clickReported(page, page.getByRole('button', { name: new RegExp(`^Star message from ${escapeRe(sender)}:`) }).first(), '/star');
    },
  },
};

describeCases(h, cases, { wrongSeed: 4 });
