import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { useSiteSession } from '../../support/fixtures';
import { useDownloadFolder } from '../../support/downloads';
import { idFor, isPlanner, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';

// A report only a signed-in person gets: the site serves it for its session cookie (SameSite=Strict,
// HttpOnly), so reading it back must be the same request the page made, with the person's cookie,
// and nothing else.
const REPORT = 'month,orders\nMarch,41\nApril,57\n';
const asked: { method: string; cookie: boolean; referer: string }[] = [];
const PAGE = '<!doctype html><title>Reports</title><h1>Reports</h1><p><a href="/report.csv">Export the orders report</a></p>';
const { s, site } = useSiteSession({
  '/': (_req: IncomingMessage, res: ServerResponse) => void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'session=k7Qz; Path=/; HttpOnly; SameSite=Strict' }).end(PAGE),
  '/report.csv': (req: IncomingMessage, res: ServerResponse) => {
    const cookie = /(?:^|; )session=k7Qz(?:;|$)/.test(req.headers.cookie ?? '');
    asked.push({ method: req.method ?? '', cookie, referer: req.headers.referer ?? '' });
    if (!cookie) return void res.writeHead(401, { 'content-type': 'text/plain' }).end('sign in first');
    res.writeHead(200, { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="orders-report.csv"' }).end(REPORT);
  },
});
const saveDownloads = useDownloadFolder();

describe('a download only the signed-in person gets', () => {
  it('is read back with their cookie, by the same GET to the same address and no referrer', async () => {
    const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
    let plans = 0;
    s.llm.script(
      { name: 'planner', match: isPlanner, answer: () => ({ toolCalls: [{ name: 'plan', args: { reasoning: 'The export link.', steps: plans++ === 0 ? [{ policy: 'CLICK', target: 'Export the orders report', value: '' }] : [] } }] }) },
      { name: 'click', match: (r) => isPolicy(r, 'CLICK'), answer: (r) => (previousActionsOf(r).length ? act('Saved.', [{ kind: 'done', summary: 'exported' }]) : act('Click it.', [{ kind: 'click', id: idFor(pageOf(r), 'Export the orders report') }])) },
    );
    await s.page.goto(`${site.url}/`);
    await saveDownloads(s.ext.context, s.page);
    await s.ask('Export the orders report.');
    const end = await s.waitForEnd(40_000);
    expect(end.kind, end.text).toBe('done');
    const next = s.llm.requests.filter((r) => r.rule === 'click')[1]?.lastUser ?? '';
    expect(next).toContain(`<download>\nFile: orders-report.csv (text/csv)\n${REPORT}\n</download>`);
    // the page's own request, then the read: both GETs with the cookie; the read sends no referrer
    expect(asked).toEqual([{ method: 'GET', cookie: true, referer: `${site.url}/` }, { method: 'GET', cookie: true, referer: '' }]);
  });
});
