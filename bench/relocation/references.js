// Two reference strategies for the relocation benchmark, injected into the page as a plain script
// (window.RelocationRefs). Neither is product code: they are what the resolver is measured against.
// - similarity: a Similo-style scorer (Nass et al., 2021): every candidate element is scored on
//   weighted properties (tag, id, class, name, href, text, neighbouring text, XPath, position,
//   size) and the best one is always acted on, however close the runner-up;
// - firstUnique: the recorded CSS path, then the recorded XPath; the first that matches exactly one
//   element is acted on, otherwise the strategy refuses.
(() => {
  const CONTROLS = 'a,button,input,select,textarea,summary,[role=button],[role=link],[onclick]';
  const clean = (s) => (s || '').replace(/\s+/g, ' ').trim().toLowerCase();
  const xpathOf = (el) => {
    const parts = [];
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) {
      let i = 1;
      for (let s = e.previousElementSibling; s; s = s.previousElementSibling) if (s.localName === e.localName) i++;
      parts.unshift(`${e.localName}[${i}]`);
    }
    return '/' + parts.join('/');
  };
  const ownText = (el) => clean(el.innerText || el.textContent).slice(0, 200);
  const neighbourText = (el) => {
    const p = el.parentElement?.parentElement ?? el.parentElement;
    return p ? ownText(p).slice(0, 300) : '';
  };
  function capture(el) {
    const r = el.getBoundingClientRect();
    return {
      tag: el.localName, id: el.id, cls: el.getAttribute('class') || '', name: el.getAttribute('name') || '', href: el.getAttribute('href') || '',
      aria: el.getAttribute('aria-label') || '', text: ownText(el), neighbour: neighbourText(el), xpath: xpathOf(el),
      x: r.left + scrollX, y: r.top + scrollY, w: r.width, h: r.height, control: el.matches(CONTROLS),
    };
  }
  const eq = (a, b) => (a && b && a === b ? 1 : 0);
  const words = (s) => new Set(clean(s).split(/[^\p{L}\p{N}]+/u).filter(Boolean));
  const wordSim = (a, b) => {
    const x = words(a);
    const y = words(b);
    if (!x.size || !y.size) return 0;
    let n = 0;
    for (const w of x) if (y.has(w)) n++;
    return (2 * n) / (x.size + y.size);
  };
  const pathSim = (a, b) => {
    const x = a.split('/');
    const y = b.split('/');
    let n = 0;
    while (n < x.length && n < y.length && x[n] === y[n]) n++;
    return n / Math.max(x.length, y.length);
  };
  function score(rec, c) {
    const dist = Math.hypot(rec.x + rec.w / 2 - (c.x + c.w / 2), rec.y + rec.h / 2 - (c.y + c.h / 2));
    const area = rec.w * rec.h && c.w * c.h ? Math.min(rec.w * rec.h, c.w * c.h) / Math.max(rec.w * rec.h, c.w * c.h) : 0;
    return (
      1.5 * eq(rec.tag, c.tag) + 0.5 * eq(rec.cls, c.cls) + 1.5 * eq(rec.name, c.name) + 1.5 * eq(rec.id, c.id) + 0.5 * eq(rec.href, c.href) +
      0.5 * eq(rec.aria, c.aria) + 1.5 * (rec.text && c.text ? (rec.text === c.text ? 1 : wordSim(rec.text, c.text)) : 0) +
      1.5 * wordSim(rec.neighbour, c.neighbour) + 0.5 * pathSim(rec.xpath, c.xpath) + 0.5 * Math.max(0, 1 - dist / 200) + 0.5 * area
    );
  }
  /** Always acts: the best-scoring element among those of the recorded kind (controls, or elements with text). */
  function similarity(rec) {
    const pool = rec.control ? document.querySelectorAll(CONTROLS) : document.body.querySelectorAll('*');
    let best = null;
    let top = -1;
    for (const el of pool) {
      if (!rec.control && !ownText(el)) continue;
      const s = score(rec, capture(el));
      if (s > top) {
        top = s;
        best = el;
      }
    }
    return best;
  }
  function firstUnique(fp) {
    const byCss = (() => {
      try {
        return [...document.querySelectorAll(fp.css)];
      } catch {
        return [];
      }
    })();
    if (byCss.length === 1) return byCss[0];
    if (fp.xpath) {
      const r = document.evaluate(fp.xpath, document, null, XPathResult.ORDERED_NODE_SNAPSHOT_TYPE, null);
      if (r.snapshotLength === 1) return r.snapshotItem(0);
    }
    return null;
  }
  window.RelocationRefs = { capture, similarity, firstUnique };
})();
