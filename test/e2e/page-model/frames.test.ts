import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { buildTools, launch, openPage, resolveAll, serve, snap, type Site } from './harness';

let browser: Browser;
let page: Page;
let site: Site;
beforeAll(async () => {
  await buildTools();
  [browser, site] = await Promise.all([launch(), serve()]);
  page = await openPage(browser);
  site.routes.set('/inner', '<p>Inside the frame</p><label>Promo code <input id=promo value=SAVE10></label><button id=apply>Apply</button>');
  site.routes.set('/other', '<button>Pay now</button>');
  site.routes.set('/outer', () =>
    `<h1>Checkout</h1>
     <iframe id=same src="${site.a}/inner" style="width:400px;height:150px"></iframe>
     <iframe id=cross title="Payment" src="${site.b}/other" style="width:400px;height:100px"></iframe>
     <button>Place order</button>`,
  );
});
afterAll(async () => {
  await browser?.close();
  await site?.close();
});

test('same-origin frames are walked inline; cross-origin frames are reported opaque with their origin', async () => {
  await page.goto(`${site.a}/outer`, { waitUntil: 'load' });
  const s = await snap(page);
  expect(s.text).toBe(
    [
      '# Checkout',
      'Inside the frame',
      '<input id=1 label="Promo code" value="SAVE10">',
      '<button id=2>Apply</button>',
      `<iframe id=3 origin="${site.b}" opaque>Payment</iframe>`,
      '<button id=4>Place order</button>',
    ].join('\n'),
  );
  expect(await resolveAll(page, s.text)).toEqual({ 1: 'input#promo', 2: 'button#apply', 3: 'iframe#cross', 4: 'button' });
  // the id of an element inside the frame resolves to that frame's own element
  const inFrame = await page.evaluate(() => window.CopilotPageTools.resolve(1)?.ownerDocument !== document);
  expect(inFrame).toBe(true);
});

test('a point inside a same-origin frame is hit-tested in the frame', async () => {
  await page.goto(`${site.a}/outer`, { waitUntil: 'load' });
  await snap(page);
  const t = await page.evaluate(() => window.CopilotPageTools.target({ id: 2, purpose: 'pointer' }));
  expect(t.ok).toBe(true);
  const frameBox = await page.locator('#same').boundingBox();
  if (!t.ok || !frameBox) throw new Error('no target');
  expect(t.x).toBeGreaterThan(frameBox.x);
  expect(t.y).toBeGreaterThan(frameBox.y);
  expect(t.y).toBeLessThan(frameBox.y + frameBox.height);
});
