import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { elementsOf, isPlanner, isPolicy, notesOf, pageOf } from '../../support/model-reading';
import { act, plan, policyAnswer } from '../../support/scripted-web-model';
import { answer, askInPanel } from '../../support/scripted-panel';

const { arena, s } = useArenaSession();

describe('a mailbox task from one chat message', () => {
  it('opens the email, replies with the text and sends only after the person allows it', async () => {
    const sc = await createScenario(arena.url, 'inbox-reply', 2);
    const [, sender, subject, reply] = /^Reply to the email from (.+?) about "(.+?)" with the message "(.+?)"$/.exec(sc.text)!;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          const page = pageOf(r);
          const els = elementsOf(page);
          if (/Message sent\./.test(page)) return plan('The reply was sent.', []);
          const send = els.find((e) => e.tag === 'button' && e.text === 'Send');
          if (send) {
            const body = els.find((e) => e.tag === 'textarea')!;
            return plan('Write the reply above the quoted mail and send it.', [
              { policy: 'FILL_TEXT', target: body.label, value: reply! },
              { policy: 'CLICK', target: 'Send' },
            ]);
          }
          if (!els.some((e) => e.tag === 'a' && e.text === subject)) throw new Error(`the email "${subject}" is not on the page`);
          return plan(`Open the email from ${sender} about "${subject}" and reply.`, [
            { policy: 'CLICK', target: subject! },
            { policy: 'CLICK', target: 'Reply' },
          ]);
        },
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    await s.page.goto(sc.startUrl);
    const run = await askInPanel(s, sc.text);

    // Only the Send button itself stops for the person: the Reply link just opens the composer.
    const asked: string[] = [];
    for (;;) {
      const stop = await run.nextStop();
      if (stop.kind === 'end') break;
      expect(stop.kind).toBe('confirm');
      if (stop.kind !== 'confirm') break;
      expect(stop.category).toBe('send');
      asked.push(stop.text);
      expect(await score(arena.url, sc.id)).toMatchObject({ success: 0 });
      await answer(stop.card, 'Allow once');
    }
    const end = await run.end();
    if (process.env.DEBUG_AGENT) console.log(await s.panel.getByTestId('timeline').textContent(), s.llm.requests.map((r) => r.rule));
    expect(end.kind, end.text).toBe('done');
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1, progress: 1 });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatch(/The co-pilot will: Click the button “Send”/);

    // One plan covered two pages: the planner was asked on the list, on the compose page and at the end.
    expect(s.llm.requests.filter((r) => r.rule === 'planner')).toHaveLength(3);
    const fill = s.llm.requests.find((r) => isPolicy(r, 'FILL_TEXT'))!;
    expect(pageOf(fill)).toMatch(/<textarea id=\d+ label="[^"]+" value="[\s\S]*wrote/);
  });

  it('asks before Enter in a field of the compose form sends the mail, as it does for the Send button', async () => {
    const sc = await createScenario(arena.url, 'inbox-reply', 3);
    const [, , subject, reply] = /^Reply to the email from (.+?) about "(.+?)" with the message "(.+?)"$/.exec(sc.text)!;
    s.llm.clear();
    let composePlans = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: (r) => {
          const els = elementsOf(pageOf(r));
          if (!els.some((e) => e.tag === 'button' && e.text === 'Send')) {
            return plan('Open the email and reply.', [
              { policy: 'CLICK', target: subject! },
              { policy: 'CLICK', target: 'Reply' },
            ]);
          }
          if (composePlans++) return plan('The person refused; I stop.', []);
          const body = els.find((e) => e.tag === 'textarea')!;
          return plan('Write the reply and submit the form with Enter.', [
            { policy: 'FILL_TEXT', target: body.label, value: reply! },
            { policy: 'ACT', target: 'press Enter in the Subject field' },
          ]);
        },
      },
      {
        name: 'enter',
        match: (r) => isPolicy(r, 'ACT'),
        answer: (r) => {
          if (notesOf(r).some((n) => /refused/.test(n))) return act('The person refused.', [{ kind: 'done', summary: 'not sent' }]);
          const field = elementsOf(pageOf(r)).find((e) => e.tag === 'input' && e.label === 'Subject')!;
          return act('Enter in the subject submits the form.', [{ kind: 'press', id: field.id, keys: 'Enter' }]);
        },
      },
      { name: 'policy', match: (r) => isPolicy(r), answer: policyAnswer },
    );
    await s.page.goto(sc.startUrl);
    const run = await askInPanel(s, sc.text);
    const stop = await run.nextStop();
    expect(stop.kind === 'confirm' && stop.category).toBe('send');
    expect(stop.text).toMatch(/Pressing Enter in "Subject" presses "Send"/);
    if (stop.kind === 'confirm') await answer(stop.card, 'Refuse');
    await run.end();
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 0 });
  });
});
