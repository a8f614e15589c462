import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { idFor, instructionOf, isPlanner, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';
import { newChat } from '../../support/scripted-panel';
import { shootPanel } from '../../support/shots';

const { arena, s } = useArenaSession();

// bytes no text encoding would keep as they are: what arrives must be these, byte for byte
const CV = Buffer.concat([Buffer.from('%PDF-1.4\n% Ann Lee, CV\n'), Buffer.from([0, 1, 2, 250, 251, 252, 253, 254, 255]), Buffer.from('\n%%EOF\n')]);
const LETTER = Buffer.from('Dear hiring team,\nI would like to apply.\nAnn\n');
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

interface Received {
  name: string;
  cv: { name: string; size: number; sha256: string } | null;
  letter: { name: string; size: number; sha256: string } | null;
}

describe('files attached in chat', () => {
  it('the CV goes into the file field and the cover letter onto the drop zone, and the site receives the exact bytes', async () => {
    const sc = await createScenario(arena.url, 'upload-file', 1);
    scriptApplication();
    await s.page.goto(sc.startUrl);
    await s.ask(sc.text, [
      { name: 'cv.pdf', mimeType: 'application/pdf', buffer: CV },
      { name: 'letter.txt', mimeType: 'text/plain', buffer: LETTER },
    ]);
    // "Send application" says what it does: the one question, before the page posts the files
    const end = await s.waitForEnd(40_000, { allow: ['form', 'send'] }).catch(async (e: unknown) => {
      console.log('PANEL', await s.panel.locator('body').innerText(), s.llm.requests.map((r) => r.rule));
      throw e;
    });
    expect(end.kind, end.text).toBe('done');
    expect(end.asked).toEqual(['send']);
    expect(await score(arena.url, sc.id)).toMatchObject({ success: 1 });
    const received = (await (await fetch(new URL(`/t/upload-file/received?scenario=${sc.id}`, arena.url))).json()) as Received[];
    expect(received.at(-1)).toMatchObject({ name: 'Ann Lee', cv: { name: 'cv.pdf', size: CV.length, sha256: sha(CV) }, letter: { name: 'letter.txt', size: LETTER.length, sha256: sha(LETTER) } });

    // the models saw the files by name, type and size, never their bytes
    const planner = s.llm.requests.find((r) => r.rule === 'planner')!;
    expect(planner.lastUser).toContain(`cv.pdf (application/pdf, ${CV.length} B); letter.txt (text/plain, ${LETTER.length} B)`);
    expect(s.llm.requests.some((r) => r.lastUser.includes(CV.toString('base64')) || r.lastUser.includes('Dear hiring team'))).toBe(false);
    // the person's message shows its files; the timeline says what the field holds
    const timeline = (await s.panel.getByTestId('timeline').textContent()) ?? '';
    expect(await s.panel.locator('.msg.user [data-testid=attached-files]').textContent()).toBe(`cv.pdf${CV.length} Bletter.txt${LETTER.length} B`);
    expect(timeline).toContain('Attach cv.pdf to Your CV');
    expect(timeline).toMatch(/Attached cv\.pdf to Your CV/);
    expect(timeline).toMatch(/Attached letter\.txt to Drop your cover letter here/);
    await shootPanel(s.panel, 'upload-done', { schemes: ['light'] });
    // the task is over: its files are not kept
    const kept = await s.panel.evaluate(async () => {
      const open = indexedDB.open('copilot');
      const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
      const count = db.transaction('attachments').objectStore('attachments').count();
      return new Promise<number>((r) => (count.onsuccess = () => r(count.result)));
    });
    expect(kept).toBe(0);
  });

  it('a file larger than 10 MB is refused in the composer with words that say so; an attached one can be removed before sending', async () => {
    await newChat(s.panel);
    await s.panel.getByTestId('attach-input').setInputFiles([
      { name: 'receipt-2026-11-march-taxi-long-name.pdf', mimeType: 'application/pdf', buffer: LETTER },
      { name: 'huge.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) },
    ]);
    await expect.poll(() => s.panel.getByTestId('attach-error').textContent()).toContain('huge.bin is larger than 10 MB, so it was not attached.');
    expect(await s.panel.getByTestId('attached-files').textContent()).toBe(`receipt-2026-11-march-taxi-long-name.pdf${LETTER.length} B×`);
    await shootPanel(s.panel, 'upload-composer', { schemes: ['light', 'dark'] });
    await s.panel.getByRole('button', { name: 'Remove receipt-2026-11-march-taxi-long-name.pdf' }).click();
    expect(await s.panel.getByTestId('attached-files').count()).toBe(0);
  });
});

/** Fill the name, UPLOAD_FILE twice (field, then drop zone), click Send; then an empty plan. */
function scriptApplication(): void {
  let plans = 0;
  const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
  s.llm.script(
    {
      name: 'planner',
      match: isPlanner,
      answer: () =>
        plans++ === 0
          ? {
              toolCalls: [{ name: 'plan', args: { reasoning: 'Name, the two files, then send.', steps: [
                { policy: 'FILL_TEXT', target: 'Full name', value: 'Ann Lee' },
                { policy: 'UPLOAD_FILE', target: 'Your CV', value: 'cv.pdf' },
                { policy: 'UPLOAD_FILE', target: 'Drop your cover letter here', value: 'letter.txt' },
                { policy: 'CLICK', target: 'Send application', value: '' },
              ] } }],
            }
          : { toolCalls: [{ name: 'plan', args: { reasoning: 'Sent.', steps: [] } }] },
    },
    {
      name: 'fill',
      match: (r) => isPolicy(r, 'FILL_TEXT'),
      answer: (r) => act('The name field.', [{ kind: 'type', id: idFor(pageOf(r), 'Full name'), text: 'Ann Lee' }, { kind: 'done', summary: 'typed' }]),
    },
    {
      name: 'upload',
      match: (r) => isPolicy(r, 'UPLOAD_FILE'),
      answer: (r) => {
        if (previousActionsOf(r).length) return act('It is attached.', [{ kind: 'done', summary: 'attached' }]);
        const cv = instructionOf(r).includes('cv.pdf');
        const id = cv ? idFor(pageOf(r), 'Your CV', { tag: 'input' }) : idFor(pageOf(r), 'Drop your cover letter here');
        return act('Attach it.', [{ kind: 'upload', id, file: cv ? 'cv.pdf' : 'letter.txt' }]);
      },
    },
    {
      name: 'click',
      match: (r) => isPolicy(r, 'CLICK'),
      answer: (r) => (previousActionsOf(r).length ? act('Sent.', [{ kind: 'done', summary: 'sent' }]) : act('Send it.', [{ kind: 'click', id: idFor(pageOf(r), 'Send application') }])),
    },
  );
}
