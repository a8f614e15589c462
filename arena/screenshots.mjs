// Regenerates the screenshots in docs/img/ with headless Chromium: node arena/screenshots.mjs
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { startArena } from './server.mjs';
import { createScenario } from './client.mjs';

const IMG = fileURLToPath(new URL('../docs/img/', import.meta.url));
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const arena = await startArena();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium', headless: true, args: ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1100, height: 720 } });

  const flight = await createScenario(arena.url, 'airline-book', 1, 0);
  await page.goto(flight.startUrl);
  await page.getByRole('combobox', { name: 'From' }).fill('Det');
  await page.getByRole('option', { name: /^Detroit/ }).click();
  await page.getByRole('combobox', { name: 'To' }).fill('Phil');
  await page.getByRole('option', { name: /^Philadelphia/ }).click();
  await page.getByRole('button', { name: 'Open calendar' }).first().click();
  await page.getByRole('button', { name: 'Next month' }).click();
  await page.screenshot({ path: `${IMG}arena-airline-search.png` });

  const mail = await createScenario(arena.url, 'inbox-reply', 1, 0);
  await page.goto(mail.startUrl);
  await page.screenshot({ path: `${IMG}arena-inbox.png` });

  await page.goto(arena.url);
  await page.screenshot({ path: `${IMG}arena-index.png` });
} finally {
  await browser.close();
  await arena.close();
}
