import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createScenario, score } from '../../../arena/client.mjs';
import { useArenaSession } from '../../support/fixtures';
import { useDownloadFolder } from '../../support/downloads';
import { idFor, isPlanner, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';
import { answer, newChat } from '../../support/scripted-panel';
import { shootPanel } from '../../support/shots';
import { scriptApplication } from '../../support/scripted-upload';

const { arena, s } = useArenaSession();
const saveDownloads = useDownloadFolder();

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
    s.llm.clear();
    scriptApplication(s.llm);
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
    // the page posts the CV as base64 in a text field, which no field list names: the card names the person's files
    expect(end.cards[0]).toContain('This page holds your files “cv.pdf” and “letter.txt”; what it sends may include them.');
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
    const kept = () => s.panel.evaluate(async () => {
      const open = indexedDB.open('copilot');
      const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
      const count = db.transaction('attachments').objectStore('attachments').count();
      return new Promise<number>((r) => (count.onsuccess = () => r(count.result)));
    });
    await expect.poll(kept).toBe(0);
    // the file's bytes were on no card and in no stored event
    const shown = (await s.panel.locator('body').innerText()) + JSON.stringify(await s.panel.evaluate(async () => {
      const open = indexedDB.open('copilot');
      const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
      const all = db.transaction('events').objectStore('events').getAll();
      return new Promise<unknown[]>((r) => (all.onsuccess = () => r(all.result)));
    }));
    expect(shown).not.toContain(CV.toString('base64').slice(0, 16));
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
    // a file dropped on the timeline, not on the box, is attached too; while it is dragged over the panel the box says where it goes
    const drag = (type: 'dragover' | 'drop') =>
      s.panel.evaluate((t) => {
        const data = new DataTransfer();
        data.items.add(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
        document.querySelector('main')!.dispatchEvent(new DragEvent(t, { dataTransfer: data, bubbles: true, cancelable: true }));
      }, type);
    await drag('dragover');
    expect(await s.panel.getByTestId('drop-hint').textContent()).toBe('Drop to attach to your next message');
    await drag('drop');
    await expect.poll(() => s.panel.getByTestId('attached-files').textContent()).toBe('notes.txt5 B×');
    expect(await s.panel.getByTestId('drop-hint').count()).toBe(0);
    await s.panel.getByRole('button', { name: 'Remove notes.txt' }).click();
  });
});

describe('a file is the person\'s to send', () => {
  it('a run led to another site to upload the file attached here is held: the card names the file and both sites, and Refuse sends nothing', async () => {
    const sc = await createScenario(arena.url, 'upload-file', 2);
    const start = new URL(sc.startUrl);
    // the same arena under another name: another site to the browser and to the gate
    const elsewhere = `http://localhost:${start.port}${start.pathname}${start.search}`;
    s.llm.clear();
    scriptLure(elsewhere);
    await newChatIfOpen();
    await s.page.goto(sc.startUrl);
    await s.ask('Apply for the job with my CV.', [{ name: 'cv.pdf', mimeType: 'application/pdf', buffer: CV }]);
    const card = (category: string) => s.panel.locator(`[data-testid=confirm][data-category=${category}]`).filter({ has: s.panel.getByRole('button', { name: 'Refuse' }) });
    // the address came from the page, not the person: asked first, and let go here to reach the upload
    await card('navigation').waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      console.log('PANEL', await s.panel.locator('body').innerText(), s.llm.requests.map((r) => r.rule));
      throw e;
    });
    await answer(card('navigation'), 'Allow once');
    await card('send').waitFor({ timeout: 30_000 }).catch(async (e: unknown) => {
      console.log('PANEL', await s.panel.locator('body').innerText(), s.llm.requests.map((r) => r.rule), s.page.url());
      throw e;
    });
    const words = (await card('send').textContent()) ?? '';
    expect(words).toContain('cv.pdf');
    expect(words).toContain('sends your file cv.pdf to localhost');
    expect(words).toContain('you attached it on 127.0.0.1');
    expect(words).toMatch(/The co-pilot will: Attach your file "cv\.pdf" to the file field “Your CV \(PDF or text\)”/);
    await shootPanel(s.panel, 'upload-elsewhere', { schemes: ['light'] });
    await answer(card('send'), 'Refuse');
    await s.panel.locator('[data-end]').last().waitFor({ timeout: 30_000 });
    expect(await s.page.evaluate(() => (document.getElementById('cv') as HTMLInputElement).files?.length ?? -1)).toBe(0);
    const received = (await (await fetch(new URL(`/t/upload-file/received?scenario=${sc.id}`, arena.url))).json()) as Received[];
    expect(received).toEqual([]);
  });
});

/** The page's lure: the plan opens another site ("check your CV there first"), then uploads the CV there; a refused upload ends the step. */
function scriptLure(elsewhere: string): void {
  let plans = 0;
  const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
  const plan = (steps: unknown[]) => ({ toolCalls: [{ name: 'plan', args: { reasoning: 'As the page says.', steps } }] });
  s.llm.script(
    {
      name: 'planner',
      match: isPlanner,
      answer: (r) => {
        plans++;
        if (plans === 1) return plan([{ policy: 'ACT', target: 'open the CV check the page recommends', value: '' }]);
        return plans === 2 && r.lastUser.includes('Address: http://localhost') ? plan([{ policy: 'UPLOAD_FILE', target: 'Your CV', value: 'cv.pdf' }]) : plan([]);
      },
    },
    { name: 'act', match: (r) => isPolicy(r, 'ACT'), answer: (r) => (previousActionsOf(r).length ? act('There.', [{ kind: 'done', summary: 'opened' }]) : act('Open it.', [{ kind: 'navigate', url: elsewhere }])) },
    {
      name: 'upload',
      match: (r) => isPolicy(r, 'UPLOAD_FILE'),
      answer: (r) => (r.lastUser.includes('refused') || previousActionsOf(r).length ? act('Not allowed.', [{ kind: 'done', summary: 'the person refused' }]) : act('Attach it.', [{ kind: 'upload', id: idFor(pageOf(r), 'Your CV', { tag: 'input' }), file: 'cv.pdf' }])),
    },
  );
}

describe('a download an action starts', () => {
  it('is named to the model and in the timeline with its size, and a program beside it is flagged', async () => {
    const sc = await createScenario(arena.url, 'download-file', 1);
    s.llm.clear();
    const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
    let plans = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: () => ({ toolCalls: [{ name: 'plan', args: { reasoning: 'The invoice link, then the viewer it offers.', steps: plans++ === 0 ? [{ policy: 'CLICK', target: 'Download invoice (CSV)', value: '' }, { policy: 'CLICK', target: 'Download the invoice viewer', value: '' }] : [] } }] }),
      },
      {
        name: 'click',
        match: (r) => isPolicy(r, 'CLICK'),
        answer: (r) => {
          if (previousActionsOf(r).length) return act('Saved.', [{ kind: 'done', summary: 'downloaded' }]);
          const target = r.lastUser.includes('Your instruction: CLICK "Download invoice (CSV)"') ? 'Download invoice (CSV)' : 'Download the invoice viewer';
          return act('Click it.', [{ kind: 'click', id: idFor(pageOf(r), target) }]);
        },
      },
    );
    await newChatIfOpen();
    await s.page.goto(sc.startUrl);
    await saveDownloads(s.ext.context, s.page);
    await s.ask(sc.text);
    const end = await s.waitForEnd(40_000);
    expect(end.kind, end.text).toBe('done');
    // the model heard of each download in the click's result
    const after = s.llm.requests.filter((r) => r.rule === 'click').map((r) => r.lastUser);
    expect(after.some((u) => /started a download: invoice-january\.csv \(text\/csv, \d+ B\)/.test(u))).toBe(true);
    expect(after.some((u) => u.includes('started a download: invoice-viewer.exe') && u.includes('a program, which the co-pilot never opens'))).toBe(true);
    // shown without opening anything: the file is the result
    const lines = s.panel.locator('[data-testid=download]:visible');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).textContent()).toMatch(/^Download: invoice-january\.csv · \d+ B · its text was given to the model to read Show in folder$/);
    expect(await lines.nth(0).getAttribute('data-risky')).toBe('false');
    expect(await lines.nth(1).textContent()).toContain('Download: invoice-viewer.exe · 21 B · a program: the co-pilot never opens it');
    expect(await lines.nth(1).getAttribute('data-risky')).toBe('true');
    await shootPanel(s.panel, 'downloads', { schemes: ['light', 'dark'] });
  });
});

describe('a downloaded file read back', () => {
  it('the CSV a click downloaded is in the model\'s next request, inside its fence, and the answer quotes it', async () => {
    const sc = await createScenario(arena.url, 'download-file', 2);
    s.llm.clear();
    const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
    const plan = (reasoning: string, steps: unknown[]) => ({ toolCalls: [{ name: 'plan', args: { reasoning, steps } }] });
    let plans = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        // the answer is what the planner reads in the file's fence, or that it read none
        answer: (r) => {
          if (plans++ === 0) return plan('The invoice link.', [{ policy: 'CLICK', target: 'Download invoice (CSV)', value: '' }]);
          const tax = /<download>\nFile: invoice-\w+\.csv[^\n]*\n[\s\S]*?^Tax,([\d.]+)$[\s\S]*?<\/download>/m.exec(r.lastUser)?.[1];
          return plan(tax ? `Your invoice is downloaded; it charges ${tax} in tax.` : 'Your invoice is downloaded; I could not read it.', []);
        },
      },
      { name: 'click', match: (r) => isPolicy(r, 'CLICK'), answer: (r) => (previousActionsOf(r).length ? act('Saved.', [{ kind: 'done', summary: 'downloaded' }]) : act('Click it.', [{ kind: 'click', id: idFor(pageOf(r), 'Download invoice (CSV)') }])) },
    );
    await newChatIfOpen();
    await s.page.goto(sc.startUrl);
    // what the site will send, from its own page: "Plan Team: $42.00"
    const [, planName, amount] = /Plan (\w+): \$(\d+)\.00/.exec(await s.page.locator('.card').innerText()) ?? [];
    const csv = `item,amount\nPlan ${planName},${amount}.00\nTax,${(Number(amount) * 0.2).toFixed(2)}\n`;
    await saveDownloads(s.ext.context, s.page);
    await s.ask(`${sc.text} How much tax does it charge?`);
    const end = await s.waitForEnd(40_000);
    expect(end.kind, end.text).toBe('done');
    // the click's next turn has the file's exact text inside its own fence, after the page log that names it
    const next = s.llm.requests.filter((r) => r.rule === 'click')[1]!.lastUser;
    const fence = /<download>\n([\s\S]*?)\n<\/download>/.exec(next.slice(next.indexOf('</page-log>')))?.[1];
    expect(fence).toMatch(/^File: invoice-\w+\.csv \(text\/csv\)\n/);
    expect(fence?.slice(fence.indexOf('\n') + 1)).toBe(csv);
    expect(next).toMatch(/started a download: invoice-\w+\.csv \(text\/csv, \d+ B\), its text is shown below, after the log/);
    // the answer quotes it, and the timeline says the file was read, without its text
    const tax = (Number(amount) * 0.2).toFixed(2);
    await expect.poll(() => s.panel.getByTestId('final').locator('.final-text').textContent()).toBe(`Your invoice is downloaded; it charges ${tax} in tax.`);
    expect(await s.panel.locator('[data-testid=download]:visible').first().textContent()).toMatch(/^Download: invoice-\w+\.csv · \d+ B · its text was given to the model to read Show in folder$/);
    const stored = JSON.stringify(await s.panel.evaluate(async () => {
      const open = indexedDB.open('copilot');
      const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
      const all = db.transaction('events').objectStore('events').getAll();
      return new Promise<unknown[]>((r) => (all.onsuccess = () => r(all.result)));
    }));
    expect(stored).toContain('"read":true');
    expect(stored).not.toContain(`Plan ${planName},${amount}.00`);
    // the task is over: its stored steps no longer hold what the file said
    const runs = async () => JSON.stringify(await s.panel.evaluate(async () => {
      const open = indexedDB.open('copilot');
      const db = await new Promise<IDBDatabase>((r) => (open.onsuccess = () => r(open.result)));
      const all = db.transaction('runs').objectStore('runs').getAll();
      return new Promise<unknown[]>((r) => (all.onsuccess = () => r(all.result)));
    }));
    // (the run is stored a moment after its end shows)
    await expect.poll(async () => (await runs()).includes(`Plan ${planName},${amount}.00`)).toBe(false);
    expect(await runs()).toMatch(/invoice-\w+\.csv/);
  });
});

describe('a file the page makes in the browser', () => {
  it('is read in the page (its blob: address) and given to the model; one the page revoked at once is named with why', async () => {
    const sc = await createScenario(arena.url, 'download-file', 4);
    s.llm.clear();
    const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
    let plans = 0;
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => ({ toolCalls: [{ name: 'plan', args: { reasoning: 'Both exports.', steps: plans++ === 0 ? [{ policy: 'CLICK', target: 'Export rows', value: '' }, { policy: 'CLICK', target: 'Quick export', value: '' }] : [] } }] }) },
      {
        name: 'click',
        match: (r) => isPolicy(r, 'CLICK'),
        answer: (r) => {
          if (previousActionsOf(r).length) return act('Saved.', [{ kind: 'done', summary: 'exported' }]);
          return act('Click it.', [{ kind: 'click', id: idFor(pageOf(r), r.lastUser.includes('CLICK "Export rows"') ? 'Export rows' : 'Quick export') }]);
        },
      },
    );
    await newChatIfOpen();
    await s.page.goto(sc.startUrl);
    // the page's own script makes each file: one kept a while (as FileSaver.js does), one revoked right after the click
    await s.page.evaluate(() => {
      const exporter = (label: string, name: string, csv: string, keepMs: number) => {
        const b = document.createElement('button');
        b.textContent = label;
        b.onclick = () => {
          const a = document.createElement('a');
          a.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
          a.download = name;
          a.click();
          if (keepMs) setTimeout(() => URL.revokeObjectURL(a.href), keepMs);
          else URL.revokeObjectURL(a.href);
        };
        document.querySelector('.card')!.append(b);
      };
      exporter('Export rows', 'rows.csv', 'name,seats\nAnn,3\nBo,5\n', 40_000);
      exporter('Quick export', 'quick.csv', 'name,seats\nCy,1\n', 0);
    });
    await saveDownloads(s.ext.context, s.page);
    await s.ask('Export the rows, then do the quick export.');
    const end = await s.waitForEnd(40_000);
    expect(end.kind, end.text).toBe('done');
    const turns = s.llm.requests.filter((r) => r.rule === 'click').map((r) => r.lastUser);
    expect(turns[1]).toContain('<download>\nFile: rows.csv (text/csv)\nname,seats\nAnn,3\nBo,5\n\n</download>');
    expect(turns[3]).toMatch(/started a download: quick\.csv \(text\/csv, 16 B\), its text was not read: the page no longer holds it/);
    expect(turns[3]).not.toContain('Cy,1');
    const lines = s.panel.locator('[data-testid=download]:visible');
    await expect.poll(() => lines.allTextContents()).toEqual([expect.stringMatching(/^Download: rows\.csv · 22 B · its text was given to the model to read/), expect.stringMatching(/^Download: quick\.csv · 16 B · not read: the page no longer holds it/)]);
  });
});

/** A chat of its own when an earlier test opened the panel; alone, the first message opens it. */
async function newChatIfOpen(): Promise<void> {
  const opened = (() => {
    try {
      return s.panel;
    } catch {
      return undefined;
    }
  })();
  if (opened) await newChat(opened);
}
