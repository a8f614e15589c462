// Questions a person answers per arena task: the agent with the safety gate judging words alone
// (as in Firefox, or before the request hold) against the same agent with the tab's requests held
// (Chrome). Same scripted model, same pages, same run.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundle, TASKS, toolsPage } from './agent.mjs';

const count = (asked) => (asked.length ? `${asked.length}: ${asked.join(', ')}` : '0');

export async function run({ browser, arenaUrl, root }) {
  const { createScenario, score } = await import(pathToFileURL(join(root, 'arena/client.mjs')).href);
  const { runScriptedTask } = await bundle(root);
  const { context, page, cdp } = await toolsPage(browser, root);
  const rows = [];
  try {
    for (const [task, seed, shape] of TASKS) {
      const row = { task, seed, shape };
      for (const [key, holdRequests] of [['words', false], ['held', true]]) {
        const sc = await createScenario(arenaUrl, task, seed);
        const r = await runScriptedTask({ page, cdp, taskName: task, text: sc.text, startUrl: sc.startUrl, oneActionPerCall: false, holdRequests });
        const s = await score(arenaUrl, sc.id);
        row[key] = { asked: r.asked, ok: r.success && (task === 'airline-book' ? s.progress >= 0.25 : s.success === 1) };
      }
      rows.push(row);
    }
  } finally {
    await context.close();
  }
  const total = (key) => rows.reduce((a, r) => a + r[key].asked.length, 0);
  const markdown = [
    '| task (seed) | what the screen does | cards, words only | cards, requests held | arena check (words / held) |',
    '| --- | --- | --- | --- | --- |',
    ...rows.map((r) => `| ${r.task} (${r.seed}) | ${r.shape} | ${count(r.words.asked)} | ${count(r.held.asked)} | ${r.words.ok ? 'ok' : 'FAIL'} / ${r.held.ok ? 'ok' : 'FAIL'} |`),
    '',
    `Cards in all: ${total('words')} with the gate judging words alone, ${total('held')} with the tab's requests held.`,
    '',
    "Method: the agent core runs each arena task as in \"Agent: model calls per task\" (plan per field, staged), once with a page port that cannot hold requests (the gate judges the control's words and the form's target, as in Firefox) and once with the request hold on (`requestHolder`, the extension's own hold, over the bench page's CDP session instead of chrome.debugger). The person answers every card \"allow once\"; each card's category is listed in the order asked. A task whose requests are only reads should ask nothing; a task that posts the person's details asks once per post, at the post, with where it goes and what it carries.",
  ].join('\n');
  return { markdown, results: { tasks: rows, total: { words: total('words'), held: total('held') } } };
}
