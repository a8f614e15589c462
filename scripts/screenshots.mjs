// Makes the README's pictures of the side panel, from the practice arena, with a scripted model:
//   node scripts/build.mjs --quiet && npm run screenshots
// Writes docs/images/panel-{chat,confirm,record,workflows}.png (panel 400×800, light theme).
// The test support modules are TypeScript: they are bundled for Node into .tmp/screenshots/ first.
import { build } from 'vite';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startArena } from '../arena/server.mjs';
import { createScenario } from '../arena/client.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(root, 'docs/images');
const PANEL = { width: 400, height: 800 };

if (!existsSync(join(root, 'dist/chrome/manifest.json'))) {
  console.error('dist/chrome/ is missing: run `node scripts/build.mjs --quiet` first');
  process.exit(2);
}

/** The agent session, the scripted model and what reads its requests, bundled for Node. */
async function supportModules() {
  // two levels below the root, so extension.ts finds dist/chrome/ from its own folder as it does in tests
  const outDir = join(root, '.tmp/screenshots');
  const entries = { session: 'agent-session.ts', model: 'scripted-web-model.ts', reading: 'model-reading.ts' };
  await build({
    root,
    configFile: false,
    logLevel: 'error',
    build: {
      ssr: true,
      outDir,
      emptyOutDir: true,
      target: 'node20',
      rollupOptions: {
        input: Object.fromEntries(Object.entries(entries).map(([k, f]) => [k, join(root, 'test/support', f)])),
        output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name].mjs' },
      },
    },
  });
  const load = (name) => import(pathToFileURL(join(outDir, `${name}.mjs`)).href);
  const [session, model, reading] = await Promise.all(['session', 'model', 'reading'].map(load));
  return { ...session, ...model, ...reading };
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** The panel as a person sees it: settled, then one picture of its window. */
async function shoot(panel, name) {
  // the pointer off every control, so nothing shows a hover state
  await panel.mouse.move(PANEL.width - 2, PANEL.height - 2);
  await sleep(400);
  const path = join(OUT, `panel-${name}.png`);
  await panel.screenshot({ path });
  console.log(`wrote ${path}`);
}

/** Answers every confirmation card "Allow once" until the run's end shows. */
async function allowUntilEnd(panel, before) {
  const end = panel.locator('[data-end]').nth(before);
  const allow = panel.getByTestId('confirm').getByRole('button', { name: 'Allow once' });
  for (;;) {
    await end.or(allow).first().waitFor({ timeout: 45_000 });
    if (!(await allow.count())) return end.getAttribute('data-end');
    await allow.first().click();
    await allow.first().waitFor({ state: 'detached', timeout: 10_000 });
  }
}

/** (a) A flight search asked in chat: the timeline mid-run, while the model works on the last step. */
async function chatDuringTask(m, s, arena) {
  const sc = await createScenario(arena.url, 'airline-book', 4, 0);
  const [, trip, from, to, depart] = /^Book the \w+ (one-way|return) flight from (.+?) to (.+?) (?:on|leaving on) (\d+ \w+ \d{4})/.exec(sc.text);
  let slowStep;
  const reached = new Promise((r) => (slowStep = r));
  s.llm.script(
    {
      name: 'planner',
      match: m.isPlanner,
      answer: (r) =>
        /Search flights/.test(m.pageOf(r))
          ? m.plan('Fill the search form from the top, then search.', [
              { policy: 'CHECK', target: 'Trip type', value: trip === 'return' ? 'Return' : 'One way' },
              { policy: 'FILL_TEXT', target: 'From', value: from },
              { policy: 'FILL_TEXT', target: 'To', value: to },
              { policy: 'CHOOSE_DATE', target: 'Departure date', value: depart },
              { policy: 'CLICK', target: 'Search flights' },
            ])
          : m.plan('The flights are listed.', []),
    },
    // the last step's model call answers slowly: the picture is taken while it thinks
    { name: 'slow-click', match: (r) => m.isPolicy(r, 'CLICK'), times: 1, answer: (r) => (slowStep(), { ...m.policyAnswer(r), delayMs: 5_000 }) },
    { name: 'policy', match: (r) => m.isPolicy(r), answer: m.policyAnswer },
  );
  await s.page.goto(sc.startUrl);
  await s.ask(`Search ${trip} flights from ${from} to ${to} on ${depart}`);
  await setUpPanel(s.panel);
  await reached;
  // two steps opened, to show their actions in plain words
  for (const n of [2, 3]) await s.panel.getByRole('button', { name: `Plan item ${n}` }).click();
  await shoot(s.panel, 'chat');
  console.log(`the search run ended: ${await allowUntilEnd(s.panel, 0)}`);
}

/** The panel window at the README's size, light theme. */
async function setUpPanel(panel) {
  await panel.setViewportSize(PANEL);
  await panel.emulateMedia({ colorScheme: 'light' });
}

/** By hand, as the person would: the first flight, the passenger, the card; then the co-pilot is asked to book. */
async function fillToPayment(page) {
  await page.bringToFront();
  // a post in the first moments after a run ends is judged as the run's own late one and refused
  // (the request hold's grace): the person's hand comes a little later
  await page.waitForTimeout(2500);
  await page.getByRole('radiogroup').first().getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Continue' }).click();
  // the arena words each field one of a few ways (arena/tasks/airline/book-flow.mjs)
  await page.getByLabel(/^(Title|Salutation)$/).selectOption({ index: 1 });
  await page.getByLabel(/^(First name|Given name)/).fill('Ada');
  await page.getByLabel(/^(Last name|Surname|Family name)$/).fill('Lovelace');
  await page.getByRole('radio', { name: 'Female' }).check();
  await page.getByLabel('Day').selectOption('10');
  await page.getByLabel('Month').selectOption({ label: 'December' });
  await page.getByLabel('Year').selectOption('1990');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await page.getByLabel(/^(Card number|Credit card number|Card no\.)$/).fill('4111 1111 1111 1111');
  await page.getByLabel(/^(Expiry date|Expires \(MM\/YY\)|Valid until)$/).fill('08/29');
  await page.getByLabel(/^(CVC|Security code|CVV)$/).fill('123');
}

/** (b) The gate's card before the payment, with the page's own amount. */
async function confirmation(m, s) {
  await fillToPayment(s.page);
  s.llm.clear();
  s.llm.script(
    { name: 'planner', match: m.isPlanner, answer: (r) => (/^# Payment$/m.test(m.pageOf(r)) ? m.plan('The card is entered; book.', [{ policy: 'CLICK', target: 'Book flight' }]) : m.plan('Booked.', [])) },
    { name: 'policy', match: (r) => m.isPolicy(r), answer: m.policyAnswer },
  );
  await s.panel.bringToFront();
  await s.panel.getByRole('button', { name: 'New chat' }).click();
  await s.ask('Book the flight with the card I entered');
  const card = s.panel.locator('[data-testid=confirm][data-category=payment]');
  await card.getByRole('button', { name: 'Allow once' }).waitFor({ timeout: 30_000 });
  await shoot(s.panel, 'confirm');
  // nothing is booked: the run is stopped while it asks
  await s.panel.getByRole('button', { name: 'Stop' }).click();
  await s.panel.locator('[data-end]').first().waitFor({ timeout: 30_000 });
}

/** (c) and (d): a login recorded by hand, then saved as a workflow and listed. */
async function recordAndWorkflows(s, arena) {
  const sc = await createScenario(arena.url, 'login', 1, 0);
  const [user] = /username "(.+?)"/.exec(sc.text).slice(1);
  await s.page.goto(sc.startUrl);
  await s.page.waitForLoadState('load');
  const panel = s.panel;
  await panel.bringToFront();
  await panel.getByRole('button', { name: 'New chat' }).click();
  await panel.getByTestId('record').click();
  await panel.getByTestId('recording').waitFor();
  await s.page.bringToFront();
  await s.page.getByLabel('Username').fill(user);
  await s.page.getByLabel('Password').fill('correct horse');
  await s.page.getByRole('button', { name: 'Sign in' }).click();
  await panel.waitForFunction(() => document.querySelectorAll('[data-testid=record-step]').length >= 3, null, { timeout: 20_000, polling: 100 });
  await panel.getByTestId('record-task').fill('Sign in to the arena');
  await shoot(panel, 'record');
  await panel.getByTestId('record-save').click();
  await panel.getByTestId('record-message').waitFor();
  await panel.getByRole('tab', { name: 'Workflows' }).click();
  await panel.getByText('Sign in to the arena').first().waitFor({ timeout: 10_000 });
  await shoot(panel, 'workflows');
}

const t0 = Date.now();
mkdirSync(OUT, { recursive: true });
const m = await supportModules();
const [arena, s] = await Promise.all([startArena({ port: 0 }), m.startAgentSession({ panelWindow: true })]);
try {
  s.page.setDefaultTimeout(10_000);
  await chatDuringTask(m, s, arena);
  await confirmation(m, s);
  await recordAndWorkflows(s, arena);
  console.log(`done in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
} catch (error) {
  // what the panel showed when it went wrong, to look at (not one of the README's pictures)
  await s.panel.screenshot({ path: join(root, '.tmp/screenshots-failure.png') }).catch(() => {});
  await s.page.screenshot({ path: join(root, '.tmp/screenshots-failure-page.png') }).catch(() => {});
  throw error;
} finally {
  await s.close();
  await arena.close();
}
