import { describe, expect, it } from 'vitest';
import type { RunHandle } from '../../../src/agent/agent';
import { FakeBrowser, type FakeEl } from './support/fake-browser';
import { FakeUser } from './support/fakes';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';

const HOME = 'https://bank.example/';
const post = (url: string, postData: string) => ({ method: 'POST', url, resourceType: 'XHR', postData });

function bank(sends: FakeEl['sends']): FakeBrowser {
  const b = new FakeBrowser({ [HOME]: { title: 'Bank', elements: () => [{ id: 5, tag: 'button', name: 'Save', sends }] } }, HOME);
  b.holds = true;
  return b;
}

describe('a refused question is not put again in the same run', () => {
  it('the model retries the refused click: no second card, nothing sent, and the model reads that it was refused', async () => {
    const browser = bank([post('https://bank.example/profile', 'nick=A')]);
    // were a second card shown, "once" would let the post go
    const user = new FakeUser(['refuse', 'once']);
    const h = harness({ browser, user, replies: [plan('ACT "save"'), acts('click 5'), acts('click 5'), acts('done "not saved"'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'save my nickname' }).done;
    expect(user.confirms).toHaveLength(1);
    expect(browser.sent).toEqual([]);
    expect(h.llm.shown(2)).toContain('do not try it again');
    expect(h.llm.shown(3)).toContain('The person already refused `click 5`');
    expect(h.log.events.filter((e) => e.type === 'observation' && e.error?.code === 'refused')).toHaveLength(2);
  });

  it('another control is still asked about', async () => {
    const browser = new FakeBrowser(
      {
        [HOME]: {
          title: 'Bank',
          elements: () => [
            { id: 5, tag: 'button', name: 'Save', sends: [post('https://bank.example/profile', 'nick=A')] },
            { id: 6, tag: 'button', name: 'Save draft', sends: [post('https://bank.example/draft', 'nick=A')] },
          ],
        },
      },
      HOME,
    );
    browser.holds = true;
    const user = new FakeUser(['refuse', 'once']);
    const h = harness({ browser, user, replies: [plan('ACT "save"'), acts('click 5'), acts('click 6', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'save my nickname' }).done;
    expect(user.confirms.map((c) => c.control)).toEqual(['Save', 'Save draft']);
    expect(browser.sent.map((r) => r.url)).toEqual(['https://bank.example/draft']);
  });

  it('is asked again once the person has said something new', async () => {
    let handle: RunHandle | undefined;
    const browser = bank([post('https://bank.example/profile', 'nick=A')]);
    const user = new FakeUser(['refuse', 'once']);
    const h = harness({
      browser,
      user,
      replies: [
        plan('ACT "save"'),
        acts('click 5'),
        // refused; the person then writes that they want it after all
        () => {
          handle!.control.followUps.add({ id: 'note-1', text: 'save it after all, I allow it' });
          return acts('done "not saved"');
        },
        plan('ACT "save"'),
        acts('click 5', 'done'),
        plan(),
      ],
    });
    handle = h.agent.start({ chatId: 'c', task: 'save my nickname' });
    await handle.done;
    expect(user.confirms).toHaveLength(2);
    expect(browser.sent.map((r) => r.url)).toEqual(['https://bank.example/profile']);
  });
});
