import { describe, expect, it } from 'vitest';
import type { EventRecord, RunRecord } from '../../../src/storage/db';
import { gateStates, waitingFor } from '../../../src/sidepanel/features/chat/waiting';

let id = 0;
const ev = (runId: string, e: Record<string, unknown>): EventRecord => ({ runId, chatId: 'c', seq: ++id, time: id, id, ...e }) as unknown as EventRecord;
const run = (runId: string, status: string): RunRecord => ({ runId, kind: 'agent', chatId: 'c', tabId: 1, status, state: {}, updatedAt: 0 });
const request = (runId: string, rid: string) => ({ id: rid, runId, category: 'payment', irreversible: true, action: null, elementLine: '', url: '', description: 'Click "Pay"', reason: 'pays', host: 'shop.test', context: '$5', rememberable: false });

describe('what the panel pins above the composer', () => {
  it('is the open confirmation of a live run, and its action reads as waiting until answered', () => {
    const action = ev('r1', { type: 'action', step: 0, action: { kind: 'click', id: 3 }, line: '<button id=3>Pay</button>', replayed: false, forced: false });
    const asked = ev('r1', { type: 'confirmation_needed', request: request('r1', 'q1') });
    const w = waitingFor([action, asked], [run('r1', 'waiting')]);
    expect(w?.kind).toBe('confirm');
    expect(w?.key).toBe(`e${asked.id}`);
    expect(gateStates([action, asked]).get(`e${action.id}`)).toBe('waiting');
    const allowed = ev('r1', { type: 'confirmation_answered', requestId: 'q1', answer: 'once' });
    expect(waitingFor([action, asked, allowed], [run('r1', 'running')])).toBeUndefined();
    expect(gateStates([action, asked, allowed]).get(`e${action.id}`)).toBe('allowed');
    const refused = ev('r1', { type: 'confirmation_answered', requestId: 'q1', answer: 'refuse' });
    expect(gateStates([action, asked, refused]).get(`e${action.id}`)).toBe('refused');
  });

  it('is an open hand-off until the person finishes it, and a question until answered', () => {
    const started = ev('r1', { type: 'handoff', phase: 'started', reason: 'type your password' });
    expect(waitingFor([started], [run('r1', 'waiting')])?.kind).toBe('handoff');
    const finished = ev('r1', { type: 'handoff', phase: 'finished', reason: 'type your password' });
    expect(waitingFor([started, finished], [run('r1', 'running')])).toBeUndefined();
    const q = ev('r1', { type: 'question', question: 'Which size?' });
    expect(waitingFor([started, finished, q], [run('r1', 'waiting')])?.kind).toBe('question');
  });

  it('offers Resume after a resumable error, and shows the result otherwise', () => {
    const error = ev('r2', { type: 'error', kind: 'auth', message: 'The key was rejected', resumable: true });
    expect(waitingFor([error], [run('r2', 'error')])?.kind).toBe('resume');
    expect(waitingFor([error], [])?.kind, 'a replay is resumed from the Workflows view').toBe('final');
    const fatal = ev('r3', { type: 'error', kind: 'tab_closed', message: 'The tab was closed', resumable: false });
    expect(waitingFor([fatal], [run('r3', 'error')])?.kind).toBe('final');
    const done = ev('r4', { type: 'done', success: false, summary: 'No flights on that day' });
    expect(waitingFor([error, done], [run('r2', 'error'), run('r4', 'failed')])).toMatchObject({ kind: 'final', event: { success: false } });
    // a confirmation left open by a run that stopped is not waited for
    const stale = ev('r5', { type: 'confirmation_needed', request: request('r5', 'q5') });
    expect(waitingFor([stale], [run('r5', 'stopped')])?.kind).toBeUndefined();
  });
});

describe('the confirmation headline', () => {
  it('leads with the effect, the amount and the site', async () => {
    const { confirmHeadline } = await import('../../../src/sidepanel/features/chat/events/ConfirmCard');
    const base = { host: 'shop.test', description: 'Click "Pay now" (button) on https://shop.test/', context: 'Basket: 2 books · Total €12,50' };
    expect(confirmHeadline({ ...base, category: 'payment' })).toBe('Pay €12,50 on shop.test?');
    expect(confirmHeadline({ ...base, category: 'payment', description: 'Click "Pay $42.00" (button)' })).toBe('Pay $42.00 on shop.test?');
    expect(confirmHeadline({ ...base, category: 'payment', description: 'Click "Buy"', context: 'You pay $9.99.' })).toBe('Pay $9.99 on shop.test?');
    expect(confirmHeadline({ ...base, category: 'send' })).toBe('Send on shop.test?');
    // a card kept before the control's words were: the form, not "these details"
    expect(confirmHeadline({ ...base, category: 'form', host: '' })).toBe('Send this form?');
    expect(confirmHeadline({ ...base, category: 'form', host: 'shop.example' })).toBe('Send this form to shop.example?');
    // a form's post: the control's own words, then what it sends and where
    const click = { kind: 'click' as const, id: 5, button: 'left' as const, modifiers: [] };
    const sends = { to: 'shop.example/checkout/step2', fields: [{ label: 'Last name', value: 'Haddad', secret: false }], hidden: 3 };
    expect(confirmHeadline({ ...base, category: 'form', action: click, control: 'Continue', sends })).toBe('Press “Continue”? It sends the details below to shop.example.');
    // the timeline's line has no list below it
    expect(confirmHeadline({ ...base, category: 'form', action: click, control: 'Continue', sends }, 'line')).toBe('Press “Continue”? It sends the form\'s details to shop.example.');
    // a Next step that carries only what the page adds says so, not "these details"
    expect(confirmHeadline({ ...base, category: 'form', action: click, control: 'Next', sends: { ...sends, fields: [] } })).toBe('Press “Next”? It sends values the page adds to shop.example.');
    expect(confirmHeadline({ ...base, category: 'form', action: { kind: 'press', keys: 'Enter', id: 4, repeat: 1 }, control: 'Search', sends })).toBe('Press Enter in “Search”? It sends the details below to shop.example.');
    // a question about the control's words (no request held): the control and the site
    expect(confirmHeadline({ ...base, category: 'form', action: click, control: 'Save' })).toBe('Press “Save” on shop.test?');
    for (const c of ['Send these details', 'Send these details to shop.example?']) expect(confirmHeadline({ ...base, category: 'form', action: click, control: 'Continue', sends })).not.toBe(c);
    // a held request carrying data to another site names where it goes
    expect(confirmHeadline({ ...base, category: 'navigation', to: 'evil.test' })).toBe('Send to evil.test from shop.test?');
    // an address typed on another site: where it goes, then the site it leaves
    expect(confirmHeadline({ ...base, category: 'navigation', action: { kind: 'navigate', url: 'http://localhost:4173/t/login/?u=ann' } })).toBe('Open localhost:4173, another site than shop.test?');
  });
});
