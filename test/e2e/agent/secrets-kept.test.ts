import { describe, expect, it } from 'vitest';
import { useArenaSession } from '../../support/fixtures';
import { HOSTILE_ARGS, hostileUrl } from '../../support/redteam';
import { idFor, isPlanner, isPolicy, pageOf, previousActionsOf } from '../../support/model-reading';

const { arena, s } = useArenaSession({ provider: 'openai', args: HOSTILE_ARGS });

const CARD = '4111 1111 1111 1111';

/** What the worker holds of the run's secrets: the sealed half in session storage, the key half in IndexedDB. */
async function halves(): Promise<{ sealed: Record<string, unknown>; keys: Array<{ id: string; isKey: boolean; extractable: boolean }> }> {
  return (await s.ext.serviceWorker()).evaluate(async () => {
    const all = await chrome.storage.session.get(null);
    const sealed = Object.fromEntries(Object.entries(all).filter(([k]) => k.startsWith('sealed:')));
    const dbs = await indexedDB.databases();
    const name = dbs.map((d) => d.name).find((n) => n && /copilot/i.test(n));
    const keys = await new Promise<Array<{ id: string; isKey: boolean; extractable: boolean }>>((resolve, reject) => {
      const open = indexedDB.open(name!);
      open.onerror = () => reject(open.error);
      open.onsuccess = () => {
        const db = open.result;
        if (!db.objectStoreNames.contains('sealKeys')) return (db.close(), resolve([]));
        const req = db.transaction('sealKeys').objectStore('sealKeys').getAll();
        req.onsuccess = () => (db.close(), resolve((req.result as Array<{ id: string; key: CryptoKey }>).map((r) => ({ id: r.id, isKey: r.key instanceof CryptoKey, extractable: r.key.extractable }))));
        req.onerror = () => (db.close(), reject(req.error));
      };
    });
    return { sealed, keys };
  });
}

describe('the card the person gives in chat outlives a worker restart', () => {
  it('is typed after the restart without asking the person again, sealed in two halves meanwhile, and both are gone when the run ends', async () => {
    let slow = 0;
    s.llm.script(
      {
        name: 'planner',
        match: isPlanner,
        answer: () =>
          slow > 1
            ? { toolCalls: [{ name: 'plan', args: { reasoning: 'The card is in.', steps: [] } }] }
            : { toolCalls: [{ name: 'plan', args: { reasoning: 'Enter the card.', steps: [{ policy: 'ACT', target: 'the card form', value: '' }] } }] },
      },
      {
        name: 'act',
        match: (r) => isPolicy(r),
        answer: (r) => {
          if (previousActionsOf(r).length) return { toolCalls: [{ name: 'act', args: { thought: 'Entered.', actions: [{ kind: 'done', summary: 'card entered' }] } }] };
          const page = pageOf(r);
          // the first answer is slow: the worker is stopped while it waits for it (and the call is asked again after)
          const delayMs = slow++ === 0 ? 10_000 : 0;
          const actions = [
            { kind: 'type', id: idFor(page, 'Card number'), text: '«card number»' },
            { kind: 'type', id: idFor(page, 'CVC'), text: '«CVC»' },
          ];
          return { delayMs, toolCalls: [{ name: 'act', args: { thought: 'Type the card from the task.', actions } }] };
        },
      },
    );
    await s.page.goto(hostileUrl(arena, 'bank.test', '/a/pay-card'));
    await s.ask(`Enter my card ${CARD}, CVC 737, on this page. Do not pay.`);
    await expect.poll(() => s.llm.requests.filter((r) => r.rule === 'act').length, { timeout: 20_000 }).toBe(1);

    // while the run goes on: one sealed copy, no digits in it, and its key a CryptoKey that cannot be read out
    const during = await halves();
    expect(Object.keys(during.sealed)).toHaveLength(1);
    expect(JSON.stringify(during.sealed)).not.toMatch(/4111|737/);
    expect(during.keys).toEqual([{ id: Object.keys(during.sealed)[0]!.replace('sealed:', ''), isKey: true, extractable: false }]);

    const status = s.panel.getByTestId('connection');
    const bootedBefore = Number(await status.getAttribute('data-booted-at'));
    await s.ext.stopServiceWorker();
    await expect.poll(async () => Number(await status.getAttribute('data-booted-at')), { timeout: 15_000 }).toBeGreaterThan(bootedBefore);

    const end = await s.waitForEnd(30_000);
    // the call the stopped worker waited for was asked again by the new one: the card came from the sealed copy
    expect(s.llm.requests.filter((r) => r.rule === 'act').length).toBeGreaterThanOrEqual(2);
    expect(end.kind, end.text).toBe('done');
    expect(await s.panel.getByTestId('handoff').count(), 'the person was asked for the card they gave').toBe(0);
    expect((await s.page.locator('#cn').inputValue()).replace(/\s/g, '')).toBe(CARD.replace(/\s/g, ''));
    expect(await s.page.locator('#cvc').inputValue()).toBe('737');
    // the prompts knew the card only by its placeholders
    for (const r of s.llm.requests) expect(JSON.stringify(r)).not.toMatch(/4111 ?1111|CVC 737/);
    await expect.poll(async () => halves(), { timeout: 5_000 }).toEqual({ sealed: {}, keys: [] });
  });
});
