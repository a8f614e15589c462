import { describe, expect, it } from 'vitest';
import { createScenario } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { panelSend } from '../../support/panel';
import type { RecordedRequest } from '../../support/llm-server';
import { dumpDatabases, waitForSteps } from '../record/helpers';

/**
 * A demonstration recorded with the Record bar (real trusted input, a password among it, a page
 * load at the end) gets its one auto-label call when it is saved, with the scripted provider
 * configured: the call carries the actions in the agent's grammar and never the password, its
 * answer becomes the stored labels, and nothing calls the model again for it, not even a new
 * service worker.
 */

const { arena, s } = useArenaSession();

const isLabelCall = (r: RecordedRequest) => /You label a recorded demonstration/.test(r.system);

/** A labeller as a model would answer: one call per typed field (keys and page loads join it), one per click. */
function labelAnswer(req: RecordedRequest): { text: string } {
  const actions = [...req.lastUser.matchAll(/^(\d+)\. (\w+)(.*)$/gm)].map((m) => ({ n: Number(m[1]), verb: m[2]!, rest: m[3]! }));
  const calls: { from: number; to: number; call: string }[] = [];
  for (const a of actions) {
    const field = /label="([^"]+)"/.exec(a.rest)?.[1] ?? '';
    if ((a.verb === 'press' || a.verb === 'navigate') && calls.length) calls.at(-1)!.to = a.n;
    else if (a.verb === 'type') calls.push({ from: a.n, to: a.n, call: `FILL_TEXT "${field}" ${/^ \d+ ("[^"]*")/.exec(a.rest)?.[1] ?? '""'}` });
    else calls.push({ from: a.n, to: a.n, call: `FILL_TEXT "${field}" ""` });
  }
  return { text: calls.map((c) => `${c.from === c.to ? c.from : `${c.from}-${c.to}`}: ${c.call}`).join('\n') };
}

describe('the auto-label call at save', () => {
  it('is made once for a recorded demonstration, without the password, and its answer is stored', async () => {
    s.llm.script({ name: 'label', match: isLabelCall, answer: labelAnswer });
    const scenario = await createScenario(arena.url, 'login', 3, 0);
    const password = /password "(.+?)"/.exec(scenario.text)![1]!;
    const username = /username "(.+?)"/.exec(scenario.text)![1]!;
    const { page } = s;
    await page.goto(scenario.startUrl);
    const panel = await s.ext.openPanel({ tabId: await s.ext.tabIdOf(page) });

    await panel.getByTestId('record').click();
    await panel.getByTestId('recording').waitFor();
    await page.bringToFront();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').click();
    await page.keyboard.type(password);
    await Promise.all([page.waitForURL(/submit/), page.keyboard.press('Enter')]);
    await waitForSteps(panel, 4);
    await panel.bringToFront();
    await panel.getByTestId('record-workflow').uncheck();
    await panel.getByTestId('record-task').fill('sign in to the bank');
    await panel.getByTestId('record-save').click();
    await panel.getByTestId('record-message').waitFor();

    const stored = async () => {
      const list = (await panelSend(panel, 'memory.list', {})) as { ok: true; result: { demonstrations: { id: string; labelState: string; calls: number }[] } };
      return list.result.demonstrations;
    };
    await expect.poll(async () => (await stored())[0]?.labelState, { timeout: 15_000 }).toBe('labelled');
    const labelCalls = s.llm.requests.filter(isLabelCall);
    expect(labelCalls).toHaveLength(1);
    const call = labelCalls[0]!;
    expect(call.lastUser).toContain('Task: sign in to the bank');
    expect(call.lastUser).toMatch(new RegExp(`^1\\. type \\d+ "${username}" on <input id=\\d+ [^\\n]*label="Username"`, 'm'));
    expect(call.lastUser).toMatch(/^2\. ask "Please type the password/m);
    expect(JSON.stringify(call.body)).not.toContain(password);

    const all = JSON.parse(await dumpDatabases(panel)) as { copilot: { demonstrations: { data: { labels: { call: { policy: string; target: string; value: string }; steps: number[] }[] } }[] } };
    const labels = all.copilot.demonstrations[0]!.data.labels;
    expect(labels.map((l) => [l.call.policy, l.call.target, l.call.value, l.steps])).toEqual([
      ['FILL_TEXT', 'Username', username, [0]],
      ['FILL_TEXT', 'Password', '', [1, 2, 3]],
    ]);
    expect(JSON.stringify(all)).not.toContain(password);

    // a new worker neither repeats the call nor loses the labels
    await s.ext.stopServiceWorker();
    expect((await stored())[0]).toMatchObject({ labelState: 'labelled', calls: 2 });
    await page.waitForTimeout(300);
    expect(s.llm.requests.filter(isLabelCall)).toHaveLength(1);
  });
});
