import { describe, expect, it } from 'vitest';
import { downloadBegunSince, downloadsSince, showDownload, watchDownloads, withDownloads } from '../../../src/background/executor/downloads';
import { isProgram } from '../../../src/shared/download';

type Listener<T> = (x: T) => void;
/** The part of the downloads API the watcher uses, driven by the test as the browser would. */
function fakeDownloads() {
  const created: Listener<chrome.downloads.DownloadItem>[] = [];
  const changed: Listener<chrome.downloads.DownloadDelta>[] = [];
  const shown: number[] = [];
  const api = {
    onCreated: { addListener: (l: Listener<chrome.downloads.DownloadItem>) => created.push(l) },
    onChanged: { addListener: (l: Listener<chrome.downloads.DownloadDelta>) => changed.push(l) },
    search: async ({ id }: { id: number }) => (id === 7 ? [{ id, exists: true }] : []),
    show: (id: number) => shown.push(id),
  } as unknown as typeof chrome.downloads;
  return {
    api,
    shown,
    begin: (d: Partial<chrome.downloads.DownloadItem>) => created.forEach((l) => l({ id: 1, url: '', finalUrl: '', referrer: '', filename: '', mime: '', totalBytes: 0, fileSize: 0, ...d } as chrome.downloads.DownloadItem)),
    change: (d: chrome.downloads.DownloadDelta) => changed.forEach((l) => l(d)),
  };
}

describe('downloads an action starts', () => {
  it('names only those begun during the action from its page, waits for the browser to name one, and flags a program', async () => {
    const b = fakeDownloads();
    watchDownloads(b.api);
    const since = Date.now();
    b.begin({ id: 7, url: 'https://bill.example/invoice.csv?x=1', referrer: 'https://bill.example/billing', mime: 'text/csv', totalBytes: 120 });
    // another tab's download, from another site
    b.begin({ id: 8, url: 'https://other.example/a.zip', referrer: 'https://other.example/' });
    setTimeout(() => b.change({ id: 7, filename: { current: '/home/ann/Downloads/invoice-march.csv', previous: '' } }), 50);
    const found = await downloadsSince(since, async () => 'https://bill.example/billing?tab=2');
    expect(found.notes).toEqual([{ id: 7, name: 'invoice-march.csv', size: 120, mime: 'text/csv', risky: false }]);
    expect(await downloadsSince(Date.now() + 1, async () => 'https://bill.example/')).toEqual({ notes: [], url: '' });

    const result = withDownloads({ ok: true, elapsedMs: 1, change: { kind: 'none', url: 'https://bill.example/billing', added: 0, removed: 0, summary: '' } }, [...found.notes, { id: 9, name: 'viewer.exe', size: 0, mime: '', risky: true }]);
    expect(result.ok && result.change.summary).toBe('started a download: invoice-march.csv (text/csv, 120 B); started a download: viewer.exe, a program, which the co-pilot never opens');
    expect(result.ok && result.change.downloads).toHaveLength(2);
    // a link whose navigation became the download: the page stayed, it did not load itself again
    const link = withDownloads({ ok: true, elapsedMs: 1, change: { kind: 'navigation', url: 'https://bill.example/billing', added: 0, removed: 0, summary: 'loaded https://bill.example/billing' } }, found.notes, 'https://bill.example/billing');
    expect(link.ok && link.change).toMatchObject({ kind: 'none', summary: 'the page stayed; started a download: invoice-march.csv (text/csv, 120 B)' });
  });

  it('ends a wait for a new page only for a download from that page since the wait began', () => {
    const b = fakeDownloads();
    watchDownloads(b.api);
    const since = Date.now();
    b.begin({ id: 21, url: 'https://shop.example/export.csv', referrer: 'https://shop.example/orders' });
    expect(downloadBegunSince(since, 'https://shop.example/orders')).toBe(true);
    // another tab's site, a wait that began later, a wait with no start of its own
    expect(downloadBegunSince(since, 'https://bank.example/')).toBe(false);
    expect(downloadBegunSince(Date.now() + 5, 'https://shop.example/orders')).toBe(false);
    expect(downloadBegunSince(0, 'https://shop.example/orders')).toBe(false);
  });

  it('knows programs by their kind of file', () => {
    for (const n of ['setup.exe', 'Installer.MSI', 'run.sh', 'app.dmg', 'x.jar']) expect(isProgram(n), n).toBe(true);
    for (const n of ['invoice.csv', 'statement.pdf', 'photo.jpeg', 'data.json']) expect(isProgram(n), n).toBe(false);
  });

  it('shows a download in its folder only while it exists', async () => {
    const b = fakeDownloads();
    expect(await showDownload(7, b.api)).toEqual({ ok: true, message: '' });
    expect(await showDownload(3, b.api)).toEqual({ ok: false, message: 'That download is not on this computer any more.' });
    expect(b.shown).toEqual([7]);
  });
});
