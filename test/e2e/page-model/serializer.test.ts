import { describe, expect, test } from 'vitest';
import { load, resolveAll, snap, useToolsPage } from './harness';

const { page } = useToolsPage();

/** Expected text in, and every id resolves to the element the fingerprint names. */
async function expectModel(html: string, expected: string, fingerprints?: Record<number, string>) {
  await load(page, html);
  const s = await snap(page);
  expect(s.text).toBe(expected.trim());
  const resolved = await resolveAll(page, s.text);
  expect(Object.values(resolved)).not.toContain('MISSING');
  if (fingerprints) expect(resolved).toEqual(fingerprints);
  return s;
}

describe('page model text', () => {
  test('a search form: labels, values, states, options, text pulled up', async () => {
    await expectModel(
      `<title>Flights</title>
      <nav><a href="/" id=home>Home</a> <a href="/about">About</a></nav>
      <h1>Search <em>flights</em></h1>
      <p>Find the cheapest fares. <b>Fast.</b></p>
      <form>
        <label for=from>From</label><input id=from value="Boston">
        <label>To <input name=to placeholder="City or airport"></label>
        <span id=dl>Departure date</span><input id=date type=date aria-labelledby=dl required min="2024-01-01">
        <select id=cls><option>Economy</option><option selected>Business</option><option>First</option></select>
        <label><input id=flex type=checkbox checked> Flexible dates</label>
        <input name=promo>
        <button id=go type=submit><svg><title>magnifier</title><path d=""/></svg> Search flights</button>
        <button disabled>Reset</button>
      </form>
      <table><tr><th>Flight</th><th>Price</th></tr><tr><td>BA 123</td><td>$300</td></tr></table>
      <div role=button tabindex=0 aria-expanded=false>More options</div>
      <div style="cursor:pointer" id=card>Card <span>inner</span></div>
      <script>var x = 1</script><style>p { color: red }</style>`,
      `
<a id=1>Home</a>
<a id=2>About</a>
# Search flights
Find the cheapest fares. Fast.
<input id=3 label="From" value="Boston">
<input id=4 label="To" placeholder="City or airport">
Departure date
<input id=5 type=date label="Departure date" required min="2024-01-01">
<select id=6 value="Business" options="Economy|Business|First">
<input id=7 type=checkbox label="Flexible dates" checked>
<input id=8 name="promo">
<button id=9>magnifier Search flights</button>
<button id=10 disabled>Reset</button>
Flight | Price
BA 123 | $300
<button id=11 collapsed>More options</button>
<div id=12>Card inner</div>`,
      { 1: 'a#home', 2: 'a', 3: 'input#from', 4: 'input', 5: 'input#date', 6: 'select#cls', 7: 'input#flex', 8: 'input', 9: 'button#go', 10: 'button', 11: 'div', 12: 'div#card' },
    );
  });

  test('visibility: hidden, invisible, zero-size and decorative content is dropped', async () => {
    await expectModel(
      `<div style="display:none"><button>In display none</button></div>
      <div style="visibility:hidden">Invisible <span style="visibility:visible">but this child shows</span></div>
      <button style="width:0;height:0;padding:0;border:0;overflow:hidden">zero</button>
      <input type=hidden name=csrf value=abc>
      <div hidden>hidden attribute</div>
      <label class=toggle><input id=opt type=checkbox style="position:absolute;opacity:0;width:0;height:0">Send me offers</label>
      <svg width=20 height=20><circle r=5 /><text>chart label</text></svg>
      <p>Visible paragraph</p>
      <template><button>template</button></template>`,
      `
but this child shows
<input id=1 type=checkbox label="Send me offers">
Visible paragraph`,
      { 1: 'input#opt' },
    );
  });

  test('label association: for=, wrapping label, aria-labelledby, aria-label, title, alt, placeholder', async () => {
    await expectModel(
      `<label for=a>Email address</label> <input id=a type=email>
      <label>Full name <input id=b></label>
      <span id=c1>Card</span><span id=c2>holder</span><input id=c aria-labelledby="c1 c2">
      <input id=d aria-label="Search the site" placeholder="Search">
      <input id=e title="Quantity" type=number min=1 max=9 value=2>
      <button id=f><img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="Close dialog" width=16 height=16></button>
      <input id=g type=image alt="Go" src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" width=16 height=16>
      <textarea id=h placeholder="Your message" maxlength=200>Hi</textarea>
      <a id=i href="/x" aria-label="Open cart"><span>3</span></a>`,
      `
<input id=1 type=email label="Email address">
<input id=2 label="Full name">
Cardholder
<input id=3 label="Card holder">
<input id=4 label="Search the site" placeholder="Search">
<input id=5 type=number label="Quantity" value="2" min="1" max="9">
<button id=6>Close dialog</button>
<input id=7 type=image label="Go">
<textarea id=8 placeholder="Your message" value="Hi" maxlength="200">
<a id=9>Open cart</a>`,
      { 1: 'input#a', 2: 'input#b', 3: 'input#c', 4: 'input#d', 5: 'input#e', 6: 'button#f', 7: 'input#g', 8: 'textarea#h', 9: 'a#i' },
    );
  });

  test('open shadow roots are walked through their slots, and ids resolve inside them', async () => {
    await load(
      page,
      `<p>Before</p><x-card id=host><span slot=title>Slotted title</span></x-card><p>After</p>
      <script>
        const host = document.getElementById('host');
        const root = host.attachShadow({ mode: 'open' });
        root.innerHTML = '<h2><slot name=title>fallback</slot></h2><label for=q>Query</label><input id=q value=shadowed><button id=sb>Go</button>';
      </script>`,
    );
    const s = await snap(page);
    expect(s.text).toBe(['Before', '## Slotted title', '<input id=1 label="Query" value="shadowed">', '<button id=2>Go</button>', 'After'].join('\n'));
    const ids = await page.evaluate(() => [1, 2].map((id) => (window.CopilotPageTools.resolve(id) as Element).id));
    expect(ids).toEqual(['q', 'sb']);
  });

  test('elements below the viewport are marked; duplicate names get a screen position', async () => {
    await expectModel(
      `<div style="display:flex;justify-content:space-between"><button>Delete</button><button>Delete</button></div>
      <div style="height:1500px">Tall content</div>
      <a href="/terms">Terms</a>`,
      `
<button id=1 at=top-left>Delete</button>
<button id=2 at=top-right>Delete</button>
Tall content
-- below viewport --
<a id=3>Terms</a>`,
    );
  });

  test('ARIA widgets show their role and states', async () => {
    await expectModel(
      `<div role=tablist><div role=tab aria-selected=true>Outbound</div><div role=tab aria-selected=false>Return</div></div>
      <div role=switch aria-checked=true aria-label="Dark mode" style="width:30px;height:16px"></div>
      <div role=combobox aria-expanded=false aria-label="Country" style="width:100px;height:20px">Sweden</div>
      <span role=checkbox aria-checked=mixed>Select all</span>
      <details><summary>Baggage rules</summary><p>One bag</p></details>`,
      `
<tab id=1 selected>Outbound</tab>
<tab id=2>Return</tab>
<switch id=3 checked>Dark mode</switch>
<combobox id=4 label="Country" value="Sweden" collapsed>
<checkbox id=5 checked=mixed>Select all</checkbox>
<summary id=6 collapsed>Baggage rules</summary>`,
    );
  });

  test('secrets never appear: passwords, card numbers, CVCs, one-time codes show only filled or empty', async () => {
    const html = `<form>
      <label>Password <input type=password value="hunter2-secret"></label>
      <label>Card <input autocomplete="cc-number" value="4111111111111111"></label>
      <label>CVC <input name=cvc value="737"></label>
      <label>Code <input autocomplete="one-time-code" value="918273"></label>
      <label>Card number <input id=cn value="5500005555555559"></label>
      <label>Security code <input name=sc></label>
      <label>Name <input value="Ada Lovelace"></label>
    </form>`;
    const s = await expectModel(
      html,
      `
<input id=1 type=password label="Password" value=(filled)>
<input id=2 label="Card" value=(filled)>
<input id=3 label="CVC" value=(filled)>
<input id=4 label="Code" value=(filled)>
<input id=5 label="Card number" value=(filled)>
<input id=6 label="Security code" value=(empty)>
<input id=7 label="Name" value="Ada Lovelace">`,
    );
    const secrets = ['hunter2', '4111', '737', '918273', '5500'];
    const found = await page.evaluate(() => JSON.stringify([window.CopilotPageTools.find({ role: 'textbox' }), [1, 2, 3, 4, 5, 6].map((id) => window.CopilotPageTools.describe(id))]));
    for (const secret of secrets) {
      expect(s.text).not.toContain(secret);
      expect(found).not.toContain(secret);
    }
    const info = await page.evaluate(() => [1, 2, 3, 4, 5, 6, 7].map((id) => { const d = window.CopilotPageTools.describe(id); return d.ok && d.info.secret; }));
    expect(info).toEqual([true, true, true, true, true, true, false]);
  });
});
