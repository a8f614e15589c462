// Workflow replay benchmark, called by bench/run.mjs (`node bench/run.mjs replay`).
//
// Each workflow is recorded through the real extension: the recorder captures a plain Playwright
// script doing the task's gold actions (trusted input) on the canonical layout, and the recording is
// saved as a workflow. Then, in the same run and the same browser:
// - speed: on a fresh scenario of the same seed, the gold script alone against a one-click replay
//   of the workflow, each timed from the loaded start page to the task's effect;
// - robustness: the workflow replayed on layout variants of the same data (other ids, names,
//   classes, label wordings, order, wrappers), with a scripted model for healing, classifying each
//   replay and counting wrong-element actions from the arena's own score.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startExtension } from './extension-session.mjs';
import { importBundled } from './node-bundle.mjs';
import { choose } from './person.mjs';

const ROUNDS = 3;
const LAYOUTS = [3, 7, 11];

const esc = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (...w) => new RegExp(`^(${w.map(esc).join('|')})$`);
const match = (re, text) => {
  const m = re.exec(text);
  if (!m) throw new Error(`task text not understood: ${text}`);
  return m.slice(1);
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)] ?? NaN;
const submit = (page, ...labels) => page.getByRole('button', { name: anyOf(...labels) }).click();
const saved = (page) => page.getByRole('status').first().waitFor();

async function chooseDate(page, label, date) {
  const input = page.getByRole('textbox', { name: label });
  const picker = input.locator('xpath=..');
  await picker.getByRole('button', { name: 'Open calendar' }).click();
  const [, month, year] = date.split(' ');
  const title = picker.locator('.cal-title');
  for (let i = 0; i < 24 && (await title.textContent()) !== `${month} ${year}`; i++) await picker.getByRole('button', { name: 'Next month' }).click();
  await picker.getByRole('button', { name: new RegExp(`, ${esc(date)}$`) }).click();
}

async function pickAirport(page, label, city) {
  await page.getByLabel(label).fill(city.slice(0, 3));
  await page.getByRole('option', { name: new RegExp(`^${esc(city)} \\(`) }).click();
}

/**
 * Gold actions per task, as a person would do them (the same as the arena's own tests), plus the
 * values of secret variables the replay is given (secrets have no recorded default).
 */
export const TASKS = {
  login: {
    seed: 1,
    async solve(page, text) {
      const [user, pass] = match(/username "(.+?)" and the password "(.+?)"/, text);
      await page.getByLabel(anyOf('Username', 'Email or username', 'User ID')).fill(user);
      await page.getByLabel(anyOf('Password', 'Your password', 'Passcode')).fill(pass);
      await submit(page, 'Sign in', 'Log in', 'Continue');
      await page.waitForURL(/\/submit/);
    },
    secrets: (text) => ({ password: match(/the password "(.+?)"/, text)[0] }),
  },
  checkboxes: {
    seed: 1,
    async solve(page, text) {
      const [list] = match(/^Add (.+) as toppings/, text);
      for (const t of list.split(/, | and /)) await page.getByLabel(t, { exact: true }).check();
      await submit(page, 'Add to order', 'Add pizza', 'Continue');
      await saved(page);
    },
  },
  radio: {
    seed: 1,
    async solve(page, text) {
      const [want] = match(/^Choose "(.+?)"/, text);
      await page.getByLabel(want, { exact: true }).check();
      await submit(page, 'Continue to checkout', 'Continue', 'Next step');
      await saved(page);
    },
  },
  'select-native': {
    seed: 1,
    async solve(page, text, how = {}) {
      const [want] = match(/^Set the country to (.+) and save/, text);
      await choose(page.getByLabel(anyOf('Country', 'Country / region', 'Country of residence')), want, how.recording);
      await submit(page, 'Save address', 'Save', 'Update address');
      await saved(page);
    },
  },
  'select-custom': {
    seed: 1,
    async solve(page, text) {
      const [want] = match(/language to "(.+?)"/, text);
      await page.getByRole('combobox', { name: /^(Display language|Language|Interface language) / }).click();
      await page.getByRole('option', { name: want, exact: true }).click();
      await submit(page, 'Save preferences', 'Save', 'Apply');
      await saved(page);
    },
  },
  autocomplete: {
    seed: 1,
    async solve(page, text) {
      const [want] = match(/city to (.+?) \(choose/, text);
      await page.getByRole('combobox', { name: anyOf('City', 'Delivery city', 'Town or city') }).fill(want.split(',')[0]);
      await page.getByRole('option', { name: new RegExp(`^${esc(want)}`) }).click();
      await submit(page, 'Save', 'Save city', 'Confirm');
      await saved(page);
    },
  },
  'date-picker': {
    seed: 1,
    async solve(page, text) {
      const [date] = match(/^Choose (.+?) as the delivery date/, text);
      await chooseDate(page, anyOf('Delivery date', 'Date', 'Preferred date'), date);
      await submit(page, 'Confirm date', 'Confirm', 'Save');
      await saved(page);
    },
  },
  tabs: {
    seed: 1,
    async solve(page, text) {
      const [tab, setting] = match(/^In the (\w+) tab, turn on "(.+?)"/, text);
      await page.getByRole('tab', { name: tab }).click();
      await page.getByLabel(setting, { exact: true }).check();
      await submit(page, 'Save settings', 'Save', 'Save changes');
      await saved(page);
    },
  },
  'shadow-form': {
    seed: 1,
    async solve(page, text, how = {}) {
      const [name, email, freq] = match(/newsletter as (.+?) \((.+?)\) with (\w+) emails/, text);
      await page.getByLabel(anyOf('Full name', 'Name', 'Your name')).fill(name);
      await page.getByLabel(anyOf('Email', 'Email address', 'Your email')).fill(email);
      await choose(page.getByLabel(anyOf('How often?', 'Frequency', 'Email frequency')), freq[0].toUpperCase() + freq.slice(1), how.recording);
      await submit(page, 'Subscribe', 'Sign me up', 'Join');
      await saved(page);
    },
  },
  'iframe-form': {
    seed: 1,
    async solve(page, text, how = {}) {
      const [name, topic, message] = match(/request as (.+?), topic "(.+?)", with the message "(.+?)"/, text);
      const frame = page.frameLocator('iframe[title="Support request form"]');
      await frame.getByLabel(anyOf('Your name', 'Name', 'Full name')).fill(name);
      await choose(frame.getByLabel(anyOf('Topic', 'What is it about?', 'Category')), topic, how.recording);
      await frame.getByLabel(anyOf('Message', 'How can we help?', 'Details')).fill(message);
      await frame.getByRole('button', { name: anyOf('Send request', 'Send', 'Submit') }).click();
      await frame.getByRole('status').waitFor();
    },
  },
  'airline-book': {
    seed: 4,
    // The search screen: trip kind, two autocompletes, the calendar paged months ahead, search.
    async solve(page, text) {
      const [trip, from, to, depart] = match(/^Book the \w+ (one-way|return) flight from (.+?) to (.+?) (?:on|leaving on) (\d+ \w+ \d{4})/, text);
      await page.getByRole('radio', { name: trip === 'return' ? 'Return' : 'One way', exact: true }).check();
      await pickAirport(page, anyOf('From', 'Leaving from', 'Origin'), from);
      await pickAirport(page, anyOf('To', 'Going to', 'Destination'), to);
      await chooseDate(page, anyOf('Departure date', 'Depart', 'Outbound date'), depart);
      await submit(page, 'Search flights', 'Find flights', 'Show flights');
      await page.getByRole('radiogroup').first().waitFor();
    },
    // the booking is not finished: its first sub-goal, the right search, is what this workflow does
    ok: (s) => s.progress >= 0.25,
    oneWay: true,
  },
};

/** Label wordings of the arena's layout variants: what a model reading the page would know a field by. */
const WORDINGS = [
  ['Username', 'Email or username', 'User ID'],
  ['Password', 'Your password', 'Passcode'],
  ['Sign in', 'Log in', 'Continue'],
  ['Add to order', 'Add pizza', 'Continue'],
  ['Continue to checkout', 'Continue', 'Next step'],
  ['Country', 'Country / region', 'Country of residence'],
  ['Save address', 'Save', 'Update address'],
  ['Display language', 'Language', 'Interface language'],
  ['Save preferences', 'Save', 'Apply'],
  ['City', 'Delivery city', 'Town or city'],
  ['Save', 'Save city', 'Confirm'],
  ['Delivery date', 'Date', 'Preferred date'],
  ['Confirm date', 'Confirm', 'Save'],
  ['Save settings', 'Save', 'Save changes'],
  ['Full name', 'Name', 'Your name'],
  ['Email', 'Email address', 'Your email'],
  ['How often?', 'Frequency', 'Email frequency'],
  ['Subscribe', 'Sign me up', 'Join'],
  ['Topic', 'What is it about?', 'Category'],
  ['Message', 'How can we help?', 'Details'],
  ['Send request', 'Send', 'Submit'],
  ['From', 'Leaving from', 'Origin'],
  ['To', 'Going to', 'Destination'],
  ['Departure date', 'Depart', 'Outbound date'],
  ['Search flights', 'Find flights', 'Show flights'],
];

/**
 * The scripted model's healing answer: it reads the recorded element's name from the prompt and
 * names the one element of the page model that carries that name or one of its other wordings,
 * with the same kind of control; when none or several do, it says it is not sure.
 */
export function healAnswer(req) {
  const rec = /^Recorded element: role ([^,\s]+)(?:, name "(.*?)")?(?:, label "(.*?)")?/m.exec(req.lastUser);
  const role = rec?.[1] ?? '';
  const names = [rec?.[2], rec?.[3]].filter(Boolean);
  // "Display language Choose..." is the wording "Display language" plus what the control shows
  const words = new Set(
    names.flatMap((n) => [n, ...WORDINGS.flatMap((g) => g.flatMap((w) => (n === w || n.startsWith(`${w} `) ? g.map((other) => other + n.slice(w.length)) : [])))]),
  );
  const page = /<page>\n([\s\S]*)\n<\/page>/.exec(req.lastUser)?.[1] ?? '';
  const kind = { textbox: /^<(input|textarea)|textbox|searchbox|combobox/, combobox: /combobox|select|^<input/, button: /button/, radio: /radio/, checkbox: /checkbox/, link: /^<a |link/ }[role];
  const hits = page.split('\n').filter((line) => {
    // element lines only: the reason line inside the fence quotes an element too
    if (!/\bid=\d+/.test(line) || !line.trim().startsWith('<')) return false;
    if (kind && !kind.test(line.trim())) return false;
    const shown = [...line.matchAll(/(?:label|name|aria-label|placeholder|title|value)="([^"]*)"|>([^<]+)</g)].map((m) => (m[1] ?? m[2]).trim());
    return shown.some((s) => words.has(s));
  });
  const id = hits.length === 1 ? /\bid=(\d+)/.exec(hits[0])[1] : null;
  return {
    text: id
      ? `Thought: this element reads like the recorded one.\nConfidence: high\nActions:\nclick ${id}`
      : `Thought: ${hits.length ? 'several elements could be meant' : 'nothing on the page reads like it'}.\nConfidence: low\nActions:\nask "not sure which element"`,
  };
}

/** The scripted provider server (test/support/llm-server.ts), bundled for Node into .tmp/. */
const llmServerModule = (root) => importBundled(root, 'test/support/llm-server.ts', 'bench-replay');

export async function run({ arenaUrl, root }) {
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { startLlmServer } = await llmServerModule(root);
  const llm = await startLlmServer();
  llm.script({ name: 'heal', match: (r) => r.system.includes('You repair one step of a saved browser workflow'), answer: healAnswer });
  const x = await startExtension(root, llm.anthropicBaseUrl);
  const { ext, page, send, tabId } = x;
  try {
    const open = async (task, seed, layout) => {
      const s = await createScenario(arenaUrl, task, seed, layout);
      await page.goto(s.startUrl);
      await x.contentReady();
      await page.bringToFront();
      return s;
    };
    /** Starts a replay in the test tab and waits, inside the extension page, until it stops running. */
    const replay = async (workflowId, values) => {
      const t0 = Date.now();
      const started = await send('replay.start', { workflowId, tabId, values });
      if (!started.ok) throw new Error(`replay.start: ${started.message}`);
      const { replayId } = started;
      // the safety gate asks before a submission, a payment or a confirmation even in a workflow the
      // person recorded: answered "allow once", as the person would, and counted
      const asked = [];
      let end = await settled(replayId);
      while (end.state?.status === 'waiting' && end.state.confirm && asked.length < 12) {
        asked.push(end.state.confirm.category);
        const answered = await send('run.confirm', { runId: replayId, requestId: end.state.confirm.id, answer: 'once' });
        if (process.env.DEBUG_REPLAY_CONFIRM) console.log('confirm', end.state.confirm.id, end.state.confirm.reason, JSON.stringify(answered), JSON.stringify((await settled(replayId)).state, ['status', 'confirm', 'id', 'index', 'seq']));
        end = await settled(replayId, end.state.confirm.id);
      }
      if (end.state?.status !== 'done') {
        // a replay left waiting would refuse the next one in this tab; a stop lands between steps
        await send('run.stop', { runId: replayId });
        let last;
        for (let i = 0; i < 200 && !['done', 'failed', 'stopped'].includes((last = (await settled(replayId)).state)?.status); i++) await new Promise((r) => setTimeout(r, 50));
        if (!['done', 'failed', 'stopped'].includes(last?.status)) console.log('bench: the replay did not stop', last?.status, last?.message);
      }
      if (process.env.DEBUG_REPLAY_TIMES) await logTimes(replayId, t0);
      return { ms: end.at - t0, state: end.state, asked, replayId };
    };
    /** Waits, inside the extension page, until the stored replay stops running (past the question `answered`). */
    const settled = (replayId, answered = null) =>
      ext.evaluate(async ([id, skip]) => {
        const db = await new Promise((resolve, reject) => {
          const req = indexedDB.open('copilot');
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        const read = () =>
          new Promise((resolve) => {
            const req = db.transaction('runs').objectStore('runs').get(id);
            req.onsuccess = () => resolve(req.result);
          });
        for (let i = 0; i < 6000; i++) {
          const r = await read();
          if (r && r.status !== 'running' && !(skip && r.state?.confirm?.id === skip)) {
            db.close();
            return { at: Date.now(), state: r.state };
          }
          await new Promise((res) => setTimeout(res, 10));
        }
        db.close();
        return { at: Date.now(), state: null };
      }, [replayId, answered]);
    const logTimes = async (replayId, t0) => {
      {
        const evs = await ext.evaluate(
          (id) =>
            new Promise((resolve) => {
              const req = indexedDB.open('copilot');
              req.onsuccess = () => {
                const get = req.result.transaction('events').objectStore('events').getAll();
                get.onsuccess = () => resolve(get.result.filter((e) => e.runId === id).map((e) => [e.type, e.index, e.time]));
              };
            }),
          replayId,
        );
        console.log(t0, evs.map(([ty, i, at]) => `${ty}${i ?? ''}@${at - t0}`).join(' '));
      }
    };

    const speed = [];
    const robust = [];
    const only = process.env.BENCH_REPLAY_TASKS?.split(',');
    for (const [task, t] of Object.entries(TASKS).filter(([name]) => !only || only.includes(name))) {
      const ok = t.ok ?? ((s) => s.success === 1);
      const taskStarted = Date.now();
      // Record the gold actions on the canonical layout and save them as a workflow.
      const rec = await open(task, t.seed, 0);
      const { recordingId } = await send('recording.start', { tabId });
      await page.bringToFront();
      await t.solve(page, rec.text, { recording: true });
      await page.waitForTimeout(300); // the last step reaches the recorder's store
      const saved = await send('recording.save', { recordingId, task, alsoWorkflow: true });
      if (!ok(await score(arenaUrl, rec.id))) throw new Error(`${task}: the recorded gold actions did not do the task`);
      const workflowId = saved.workflowId;
      const wf = await send('workflows.get', { id: workflowId });
      const values = t.secrets?.(rec.text) ?? {};
      if (process.env.DEBUG_REPLAY) console.log(JSON.stringify(wf.steps, null, 1));

      // Speed: gold script against replay, alternating, on fresh scenarios of the same seed.
      const script = [];
      const replayed = [];
      let calls = 0;
      let allOk = true;
      let asked = [];
      for (let i = 0; i < ROUNDS; i++) {
        let s = await open(task, t.seed, 0);
        let t0 = Date.now();
        await t.solve(page, s.text);
        script.push(Date.now() - t0);
        allOk &&= ok(await score(arenaUrl, s.id));
        s = await open(task, t.seed, 0);
        const before = llm.requests.length;
        const r = await replay(workflowId, values);
        replayed.push(r.ms);
        asked = r.asked;
        calls += llm.requests.length - before;
        if (process.env.DEBUG_REPLAY) console.log(JSON.stringify(r.state?.log), r.state?.message, await score(arenaUrl, s.id));
        allOk &&= r.state?.status === 'done' && ok(await score(arenaUrl, s.id));
      }
      speed.push({ task, steps: wf.steps.length, scriptMs: median(script), replayMs: median(replayed), ratio: median(replayed) / median(script), modelCalls: calls, allOk, asked });

      // Robustness: the same workflow on layout variants; each variant twice when it healed with
      // the model (the second run shows whether the written-back fingerprints hold).
      for (const layout of LAYOUTS) {
        // each variant starts from the recording, not from fingerprints healed on another variant
        const copy = await send('workflows.save', { workflow: { ...wf, id: `${wf.id}-l${layout}` } });
        if (!copy.ok) throw new Error(`${task}: ${copy.message}`);
        for (let attempt = 0; attempt < 2; attempt++) {
          const s = await open(task, t.seed, layout);
          const before = llm.requests.length;
          const r = await replay(copy.id, values);
          const modelCalls = llm.requests.length - before;
          if (process.env.DEBUG_REPLAY) console.log(llm.requests.slice(before).map((q) => q.lastUser).join('\n----\n'), JSON.stringify(r.state, null, 1));
          const sc = await score(arenaUrl, s.id);
          const log = r.state?.log ?? [];
          const status = r.state?.status ?? 'timeout';
          let outcome;
          if (status === 'done') outcome = modelCalls ? 'model' : log.some((e) => e.status === 'healed') ? 'deterministic' : 'matched';
          else outcome = status === 'waiting' ? 'asked' : status;
          // A wrong element acted on shows in the arena's record: a finished replay that does not
          // score, or a stopped one whose page the gold script can no longer finish correctly.
          let wrong = false;
          if (status === 'done') wrong = !ok(sc);
          else {
            await t.solve(page, s.text).catch(() => {});
            wrong = !ok(await score(arenaUrl, s.id));
          }
          robust.push({ task, layout, attempt, outcome, status, modelCalls, healedSteps: log.filter((e) => e.status === 'healed').length, wrong, message: r.state?.message ?? '', asked: r.asked });
          // a model's repair is written into the workflow only when the person keeps it: kept here
          for (const rep of r.state?.repairs ?? []) await send('replay.keepRepair', { replayId: r.replayId, index: rep.index, keep: true });
          if (attempt === 0 && outcome !== 'model') break;
        }
      }
      console.log(`bench: replay ${task} in ${((Date.now() - taskStarted) / 1000).toFixed(1)} s`);
    }

    const firsts = robust.filter((r) => r.attempt === 0);
    const share = (o) => `${firsts.filter((r) => r.outcome === o).length}/${firsts.length}`;
    const seconds = robust.filter((r) => r.attempt === 1);
    const wrong = robust.filter((r) => r.wrong).length;
    const tot = (k) => speed.reduce((a, r) => a + r[k], 0);
    const singles = speed.filter((r) => r.task !== 'airline-book');
    const markdown = [
      `Replay against a plain playwright-core script doing the same gold actions on the same pages, median of ${ROUNDS} alternating rounds per task, each on a fresh scenario of the same seed (canonical layout), timed from the loaded start page to the task's effect.`,
      '',
      '| task | steps | script ms | replay ms | replay / script | model calls | gate questions (allowed once) | arena score ok |',
      '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
      ...speed.map((r) => `| ${r.task} | ${r.steps} | ${r.scriptMs} | ${r.replayMs} | ${r.ratio.toFixed(2)} | ${r.modelCalls} | ${r.asked.join(', ') || '–'} | ${r.allOk ? 'yes' : 'NO'} |`),
      '',
      `All tasks: replay ${tot('replayMs')} ms against ${tot('scriptMs')} ms (${(tot('replayMs') / tot('scriptMs')).toFixed(2)}x; goal at most 1.5x); single-widget tasks alone ${(singles.reduce((a, r) => a + r.replayMs, 0) / singles.reduce((a, r) => a + r.scriptMs, 0)).toFixed(2)}x. Model calls: ${tot('modelCalls')}.`,
      '',
      `Robustness on layout variants ${LAYOUTS.join(', ')} (same data, other ids, field names, classes, label wordings, order and wrappers), ${firsts.length} replays, scripted model for healing; each variant replays a fresh copy of the recorded workflow, then (when the model healed it) the healed copy once more:`,
      '',
      `- matched with no repair: ${share('matched')}`,
      `- healed deterministically (a lower strategy agreed; fingerprint written back): ${share('deterministic')}`,
      `- healed with model calls (${firsts.filter((r) => r.outcome === 'model').reduce((a, r) => a + r.modelCalls, 0)} calls in all, one per repaired step): ${share('model')}; replayed again on the same variant: ${seconds.filter((r) => r.status === 'done' && r.modelCalls === 0).length}/${seconds.length} done with no model call`,
      `- stopped to ask: ${share('asked')}; failed or other: ${firsts.filter((r) => !['matched', 'deterministic', 'model', 'asked'].includes(r.outcome)).length}`,
      `- **wrong-element actions: ${wrong}** (over all ${robust.length} replays)`,
      '',
      '| task | layout | outcome | steps healed | model calls | gate questions | wrong element |',
      '| --- | ---: | --- | ---: | ---: | --- | --- |',
      ...robust.map((r) => `| ${r.task}${r.attempt ? ' (again)' : ''} | ${r.layout} | ${r.outcome}${r.status === 'waiting' ? `: ${r.message.slice(0, 80)}` : ''} | ${r.healedSteps} | ${r.modelCalls} | ${r.asked.join(', ') || '–'} | ${r.wrong ? 'YES' : 'no'} |`),
      '',
      "Method: the extension runs in its own headless Chromium profile; each workflow is the recorder's capture of the gold script on layout 0 (trusted Playwright input), saved with `recording.save`. Replays are started with `replay.start` in the same tab and timed until `db.replays` leaves `running` (polled every 10 ms from an extension page). The safety gate asks before a submission, payment or confirmation even in the person's own recording; each question is answered “allow once” with `run.confirm` (the time includes that round trip) and listed; a repair the model made is kept with `replay.keepRepair` before the second replay on that variant, as the person would press Keep repair. The airline row is the search screen of a one-way booking (radio, two autocompletes, the calendar paged months ahead, search); its check is the first sub-goal, the right search. Healing uses the scripted provider server (`test/support/llm-server.ts`) through the extension's real client: it answers with the one element of the page model that carries the recorded name or one of the arena's other wordings for it, and says it is unsure otherwise. Wrong-element actions are read from the arena's server-side score: a finished replay must score; after a replay that stopped, the gold script finishes the task on the same page, which must still score (a wrong tick, choice or submission before the stop would prevent it).",
    ].join('\n');
    return { markdown, results: { speed, robust } };
  } finally {
    await x.close();
    await llm.close();
  }
}
