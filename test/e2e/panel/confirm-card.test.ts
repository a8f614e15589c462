import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import type { PageHandler } from '../../support/static-server';
import { elementsOf, isPlanner, isPolicy, pageOf } from '../../support/model-reading';
import { act, plan } from '../../support/scripted-web-model';

/** Pictures for a person to look at (not compared by the test). */
const SHOTS = process.env.PANEL_SHOTS ?? join(process.cwd(), 'test-results', 'confirm-card');
mkdirSync(SHOTS, { recursive: true });

const FORM = `<!doctype html><title>Delivery</title><h1>Delivery details</h1>
<form action="/step2" method="post">
<label>Full name <input name="full_name"></label><br>
<label>Street <input name="street"></label><br>
<label>City <input name="city"></label><br>
<label>Postcode <input name="postcode"></label><br>
<label>Phone <input name="phone"></label><br>
<label>Notes for the driver <textarea name="notes"></textarea></label><br>
<button type="submit">Continue</button>
</form>`;
const NEXT = '<!doctype html><title>Step 2</title><h1>Choose a time</h1>';
const COMPOSE = `<!doctype html><title>Reply</title><h1>Reply</h1>
<form action="/send" method="post">
<input type="hidden" name="thread" value="t-8813">
<label>To <input name="to" value="felix.nguyen@example.com"></label><br>
<label>Subject <input name="subject" value="Re: Weekly newsletter"></label><br>
<label>Message <textarea name="body"></textarea></label><br>
<button type="submit">Send</button>
</form>`;
const SENT = '<!doctype html><title>Sent</title><h1>Message sent</h1>';

const sent: string[] = [];
const send: PageHandler = (req, res) => {
  if (req.method === 'POST') sent.push(req.url ?? '');
  res.writeHead(200, { 'content-type': 'text/html' }).end(SENT);
};

const { s, site } = useSiteSession({ '/': FORM, '/step2': NEXT, '/compose': COMPOSE, '/send': send }, { panelWindow: true });

describe('the confirmation card', () => {
  it('says why it asks in plain words and names the site once; at 320 × 480 it leaves the timeline room, the composer in view and its answers reachable', async () => {
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: (r) => (/Choose a time/.test(pageOf(r)) ? plan('Done.', []) : plan('Fill the form and continue.', [{ policy: 'ACT', target: 'the delivery form', value: '' }])) },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label) || re.test(e.text))!.id;
          if (!/Delivery details/.test(pageOf(r))) return act('Done.', [{ kind: 'done', summary: 'The details are sent.' }]);
          return act('Fill and continue.', [
            { kind: 'type', id: id(/^Full name$/), text: 'Ada Lovelace' },
            { kind: 'type', id: id(/^Street$/), text: '12 Analytical Row' },
            { kind: 'type', id: id(/^City$/), text: 'London' },
            { kind: 'type', id: id(/^Postcode$/), text: 'N1 7AA' },
            { kind: 'type', id: id(/^Phone$/), text: '+44 20 7946 0958' },
            { kind: 'type', id: id(/^Notes for the driver$/), text: 'Ring twice, the bell is broken; leave it with the neighbour at number 14 if nobody answers.' },
            { kind: 'click', id: id(/^Continue$/) },
          ]);
        },
      },
    );
    await s.page.goto(`${site.url}/`);
    await s.ask('Fill in my delivery details and continue');
    const p = s.panel;
    await p.setViewportSize({ width: 320, height: 480 });
    const card = p.getByTestId('confirm');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getAttribute('data-category')).toBe('form');
    // a run waits in this tab: Record waits too (recording would take the chat's place and hide this question)
    expect(await p.getByTestId('record').isDisabled()).toBe(true);
    for (const colorScheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme });
      await p.screenshot({ path: join(SHOTS, `confirm-320x480-${colorScheme}.png`) });
    }

    // why, in words: no page-model markup, no raw field list, no jargon
    const why = card.getByTestId('confirm-why');
    const reason = (await why.allTextContents()).join(' ');
    expect(reason).not.toMatch(/<|id=|full_name|sends data|gate/);
    expect(reason.length).toBeGreaterThan(20);
    // the site once, wherever the card says it (folded parts included)
    const host = new URL(site.url).hostname;
    const text = (await card.allTextContents()).join(' ');
    expect(text.split(host).length - 1, text).toBe(1);
    // a phone number is what the person typed, not a secret (it once read "Phone: (not shown)")
    expect(text).toContain('Phone: +44 20 7946 0958');

    // compact: the timeline keeps a fifth of the panel (it had none), the composer is whole on screen
    const view = p.viewportSize()!;
    const timeline = (await p.getByTestId('timeline-scroll').boundingBox())!;
    expect(timeline.height).toBeGreaterThanOrEqual(view.height / 5);
    const box = (await p.getByLabel('Add to the task').boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(view.height);
    // its answers are on screen, and what does not fit says there is more
    const allow = (await card.getByRole('button', { name: 'Allow once' }).boundingBox())!;
    expect(allow.y + allow.height).toBeLessThanOrEqual(view.height);
    expect(await p.getByTestId('dock').evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await expect.poll(() => p.getByTestId('dock-more').isVisible()).toBe(true);
    // "Why it asks" opened in the short panel: its words come into view above the answers, not under them
    await card.getByText('Why it asks').click();
    await expect.poll(async () => {
      const said = (await why.boundingBox())!;
      const answers = (await card.locator('.answers').boundingBox())!;
      return said.y >= 0 && said.y + said.height <= answers.y + 1;
    }).toBe(true);
    await p.screenshot({ path: join(SHOTS, 'confirm-320x480-why-open.png') });
    await card.getByText('Why it asks').click();

    await p.setViewportSize({ width: 400, height: 640 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme });
      await p.screenshot({ path: join(SHOTS, `confirm-400x640-${colorScheme}.png`) });
    }
    await card.getByText('Why it asks').click();
    await p.screenshot({ path: join(SHOTS, `confirm-400x640-why-open.png`) });
    // the panel reaching its background is the normal state: no unexplained "connected" on screen
    expect((await p.getByTestId('connection').boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);

    // Pause while the card waits: the header says at once what will happen, and it does
    await p.getByRole('button', { name: 'Pause' }).click();
    await expect.poll(() => p.getByTestId('run-status').textContent()).toBe('Waiting for you; it pauses after your answer');
    expect(await p.getByRole('button', { name: 'Pausing…' }).isDisabled()).toBe(true);
    await p.screenshot({ path: join(SHOTS, `pause-while-asked-400.png`) });
    await card.getByRole('button', { name: 'Allow once' }).click();
    await expect.poll(() => p.getByTestId('run-status').textContent(), { timeout: 15_000 }).toBe('Paused');
    await p.getByRole('button', { name: 'Resume' }).click();
    const end = await s.waitForEnd(30_000);
    expect(end.kind).toBe('done');
  });

  it('shows what a Send will send, asked by its words before the click: the form as it is now, each field by its label', async () => {
    s.llm.clear();
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: (r) => (/Message sent/.test(pageOf(r)) ? plan('Sent.', []) : plan('Write the reply and send it.', [{ policy: 'ACT', target: 'the reply form', value: '' }])) },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          const id = (re: RegExp) => els.find((e) => re.test(e.label) || re.test(e.text))!.id;
          if (!/Reply/.test(pageOf(r))) return act('Done.', [{ kind: 'done', summary: 'The reply is sent.' }]);
          return act('Write and send.', [
            { kind: 'type', id: id(/^Message$/), text: 'Confirmed, thank you!' },
            { kind: 'click', id: id(/^Send$/) },
          ]);
        },
      },
    );
    await s.page.goto(`${site.url}/compose`);
    await s.ask('Reply to Felix that it is confirmed, and send it');
    const p = s.panel;
    await p.setViewportSize({ width: 320, height: 640 });
    const card = p.getByTestId('confirm');
    await card.waitFor({ timeout: 30_000 });
    expect(await card.getAttribute('data-category')).toBe('send');
    // what it sends, before anything is sent: the recipient and the words, the thread id only counted
    const sends = card.getByTestId('confirm-sends');
    const lines = await sends.locator('li').allTextContents();
    expect(lines).toEqual(['To: felix.nguyen@example.com', 'Subject: Re: Weekly newsletter', 'Message: Confirmed, thank you!', 'and 1 hidden value the page adds']);
    expect(sent).toEqual([]);
    for (const colorScheme of ['light', 'dark'] as const) {
      await p.emulateMedia({ colorScheme });
      await p.screenshot({ path: join(SHOTS, `send-320-${colorScheme}.png`) });
    }
    await card.getByRole('button', { name: 'Allow once' }).click();
    // allowed, it posts once; the chat's last ending is this run's (the first test's "done" is in the same chat)
    await expect.poll(() => sent.length, { timeout: 30_000 }).toBe(1);
    await expect.poll(() => p.locator('[data-testid=final][data-end=done]').textContent(), { timeout: 30_000 }).toMatch(/Sent|reply is sent/);
    // read back, the step still shows what the person allowed, and its click says it took effect after the answer
    await expect.poll(() => p.getByTestId('timeline').textContent()).toMatch(/Allowed once/);
    expect(await p.locator('[data-testid=plain-action][data-gate=allowed]').last().textContent()).toBe('Clicked Send (once you allowed it)');
    await p.screenshot({ path: join(SHOTS, 'send-allowed-320.png') });
    // "That's not right" on it: the person is told what was done for good before they try again
    await p.getByTestId('final').getByRole('button', { name: "That's not right" }).click();
    await expect.poll(() => p.getByTestId('not-right-done').textContent().catch(() => '')).toMatch(/^Already done, and it cannot be undone: Click the button “Send”.*Trying again may do it again/);
    await p.screenshot({ path: join(SHOTS, 'not-right-after-send-320.png') });
    await p.getByRole('button', { name: 'Cancel' }).click();
  });
});
