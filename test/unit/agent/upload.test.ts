import { describe, expect, it } from 'vitest';
import { harness } from './support/harness';
import { acts, plan } from './support/scripted-llm';
import { FakeBrowser } from './support/fake-browser';
import { FakeUser } from './support/fakes';
import { gateAction } from '../../../src/agent/safety/gate';

const JOBS = 'https://jobs.example/apply';
const OTHER = 'https://cv-check.test/upload';
const form = (title: string) => ({
  title,
  elements: () => [
    { id: 1, tag: 'input' as const, name: 'Your CV', inputType: 'file' },
    { id: 2, tag: 'button' as const, name: 'Continue' },
  ],
});
const site = (start: string) => new FakeBrowser({ [JOBS]: form('Apply'), [OTHER]: form('Check your CV') }, start);
const CV = { name: 'cv.pdf', type: 'application/pdf', size: 48_200 };

describe('files the person attached', () => {
  it('the models see the attached file by name, type and size, and an upload puts it into the field unasked on the site it was attached on', async () => {
    const user = new FakeUser();
    const browser = site(JOBS);
    // what the page sends with the file is held (as in Chrome): the upload itself need not ask
    browser.holds = true;
    const h = harness({ browser, user, replies: [plan('UPLOAD_FILE "Your CV" "cv.pdf"'), acts('upload 1 "cv.pdf"', 'done'), plan()] });
    const outcome = await h.agent.start({ chatId: 'c', task: 'Attach my CV to the application', files: [CV] }).done;
    expect(outcome.status).toBe('done');
    expect(h.browser.acted).toContainEqual({ kind: 'upload', id: 1, file: 'cv.pdf' });
    expect(h.browser.value(1, JOBS)).toBe('cv.pdf');
    expect(user.confirms).toEqual([]);
    expect(h.llm.shown(0)).toContain('Files the person attached, to upload by name: cv.pdf (application/pdf, 47.1 KB)');
    expect(h.llm.requests[1]?.system).toContain('UPLOAD_FILE');
  });

  it('a file name the task was not given goes back to the model with the files it has, and nothing reaches the page', async () => {
    const h = harness({ browser: site(JOBS), replies: [plan('UPLOAD_FILE "Your CV" "passport.jpg"'), acts('upload 1 "passport.jpg"'), acts('upload 1 "cv.pdf"', 'done'), plan()] });
    await h.agent.start({ chatId: 'c', task: 'Attach my CV', files: [CV] }).done;
    expect(h.llm.shown(2)).toContain('no file named "passport.jpg" was attached; the files attached are "cv.pdf"');
    expect(h.browser.acted.filter((a) => a.kind === 'upload')).toEqual([{ kind: 'upload', id: 1, file: 'cv.pdf' }]);
  });

  it('a page that leads the run to another site to upload the file gets a question naming the file and both sites, and nothing without a yes', async () => {
    // attached on jobs.example; the run finds itself on cv-check.test, which is asked about first (a
    // site the task did not name) and allowed: the file is still the person's to send or not
    const user = new FakeUser(['once', 'refuse']);
    const browser = site(JOBS);
    const h = harness({ browser, user, replies: [plan('UPLOAD_FILE "Your CV" "cv.pdf"'), acts('upload 1 "cv.pdf"')] });
    const started = h.agent.start({ chatId: 'c', task: 'Attach my CV', files: [CV] });
    browser.currentUrl = OTHER;
    await started.done;
    expect(user.confirms.map((c) => c.category)).toEqual(['navigation', 'send']);
    expect(user.confirms[1]).toMatchObject({ category: 'send', irreversible: true });
    expect(user.confirms[1]?.reason).toContain('sends your file cv.pdf to cv-check.test; you attached it on jobs.example');
    expect(browser.acted.filter((a) => a.kind === 'upload')).toEqual([]);
  });

  it('the gate: unasked only on the very host it was attached on, with what the page sends held and a form posting there; asked every time otherwise', () => {
    const files = [{ ...CV, site: 'jobs.example' }];
    const upload = { kind: 'upload' as const, id: 1, file: 'cv.pdf' };
    const ctx = { allowedHosts: ['jobs.example'], approvals: [], files, requestsHeld: true };
    const field = { id: 1, tag: 'input', role: 'textbox', name: 'Your CV', inputType: 'file', secret: false, line: '<input id=1 type=file label="Your CV">' };
    expect(gateAction(upload, null, { ...ctx, pageUrl: JOBS })).toEqual({ kind: 'allow' });
    expect(gateAction(upload, { ...field, formAction: 'https://jobs.example/submit' }, { ...ctx, pageUrl: JOBS })).toEqual({ kind: 'allow' });
    const asked = (c: Parameters<typeof gateAction>[2], el: Parameters<typeof gateAction>[1] = null) => gateAction(upload, el, c);
    // another site; another host of the same site (a form on docs.google.com reached from mail.google.com)
    expect(asked({ ...ctx, pageUrl: OTHER })).toMatchObject({ kind: 'confirm', category: 'send', irreversible: true });
    expect(asked({ ...ctx, pageUrl: 'https://forms.jobs.example/x' })).toMatchObject({ kind: 'confirm', category: 'send' });
    // a form that posts the file to another host; a tab whose requests cannot be held (Firefox)
    expect(asked({ ...ctx, pageUrl: JOBS }, { ...field, formAction: 'https://evil.example/collect' })).toMatchObject({ kind: 'confirm', reason: expect.stringContaining('posts it to evil.example') });
    expect(asked({ ...ctx, requestsHeld: false, pageUrl: JOBS })).toMatchObject({ kind: 'confirm', category: 'send' });
    // attached where the tab showed no site (a new tab page): asked wherever it goes
    expect(asked({ ...ctx, files: [{ ...CV, site: '' }], pageUrl: JOBS })).toMatchObject({ kind: 'confirm', category: 'send' });
  });
});
