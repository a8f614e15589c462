// The ground truth of the real-redesign corpus (bench/relocation/redesigns.mjs), as a plain script
// run in the browser: window.matchExamples(oldHtml, newHtml) pairs each control of an example that
// both versions render with its counterpart, marks both with the same data-k, and says how it
// decided (id, name, order) or why it dropped the control.
(() => {
  const CONTROLS = 'a[href],button,input:not([type=hidden]),select,textarea,summary';
  const squash = (s) => s.replace(/\s+/g, ' ').trim();
  /** Examples by name; a name a version uses twice (a design system's variants) says nothing about which is which. */
  const examples = (doc) => {
    const all = [...doc.querySelectorAll('[data-fixture]')].map((el) => [el.getAttribute('data-fixture'), el]);
    const count = (n) => all.filter(([m]) => m === n).length;
    return new Map(all.filter(([n]) => count(n) === 1));
  };
  const controls = (ex) => [...ex.querySelectorAll(CONTROLS)];
  /** Examples rendered exactly like another one of the same page: their controls cannot be told apart. */
  const twins = (map) => {
    const seen = new Map();
    for (const [name, el] of map) seen.set(squash(el.innerHTML), [...(seen.get(squash(el.innerHTML)) ?? []), name]);
    return new Set([...seen.values()].filter((names) => names.length > 1).flat());
  };
  const one = (list) => (list.length === 1 ? list[0] : null);
  function counterpart(o, after) {
    if (o.id) {
      const m = one(after.filter((n) => n.id === o.id));
      if (m) return { m, how: 'id' };
    }
    const name = o.getAttribute('name');
    if (name && o.localName !== 'a' && o.localName !== 'button') {
      const m = one(after.filter((n) => n.getAttribute('name') === name && n.getAttribute('value') === o.getAttribute('value')));
      if (m) return { m, how: 'name' };
    }
    return null;
  }
  function matchExample(before, after, mark, dropped) {
    const byAttr = before.map((o) => counterpart(o, after));
    const sameCount = before.length === after.length;
    // the example's own order decides only where every id or name match agrees with it
    const orderHolds = sameCount && byAttr.every((x, i) => !x || x.m === after[i]);
    before.forEach((o, i) => {
      const got = byAttr[i] ?? (orderHolds ? { m: after[i], how: 'order' } : null);
      if (!got) return void (dropped[sameCount ? 'order disagrees with ids' : 'control counts differ'] += 1);
      if (got.m.hasAttribute('data-k')) return void (dropped['matched twice'] += 1);
      mark(o, got.m, got.how);
    });
  }
  function letters(name) {
    let h = 0x811c9dc5;
    for (const c of name) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
    let out = '';
    for (let i = 0; i < 5; i++, h = Math.floor(h / 26)) out += String.fromCharCode(97 + (h % 26));
    return out;
  }
  const REFS = ['for', 'aria-describedby', 'aria-labelledby', 'aria-controls', 'list', 'form', 'headers'];
  /**
   * A page that shows several examples must keep ids unique, as every real page does: each
   * example's ids (and the references to them) get the example's name in front, which stays the
   * same across versions exactly when the design system kept the id. Done after the matching.
   */
  function namespaceIds(ex) {
    // five letters from a hash of the name: short enough that the ids stay as long as a site's own
    const slug = letters(ex.getAttribute('data-fixture'));
    ex.removeAttribute('data-fixture');
    const ids = new Set([...ex.querySelectorAll('[id]')].map((el) => el.id));
    const map = (v) => (ids.has(v) ? `${slug}-${v}` : v);
    for (const el of ex.querySelectorAll('*')) {
      if (el.id) el.id = map(el.id);
      for (const a of REFS) if (el.hasAttribute(a)) el.setAttribute(a, el.getAttribute(a).split(/\s+/).map(map).join(' '));
      const href = el.getAttribute('href');
      if (href?.startsWith('#') && ids.has(href.slice(1))) el.setAttribute('href', `#${map(href.slice(1))}`);
    }
  }
  window.matchExamples = (oldHtml, newHtml) => {
    const parse = (h) => new DOMParser().parseFromString(h, 'text/html');
    const [od, nd] = [parse(oldHtml), parse(newHtml)];
    const [oe, ne] = [examples(od), examples(nd)];
    const [ot, nt] = [twins(oe), twins(ne)];
    const dropped = { 'example not in both': 0, 'twin example': 0, 'control counts differ': 0, 'order disagrees with ids': 0, 'matched twice': 0 };
    const cases = [];
    let k = 0;
    const mark = (o, n, how) => {
      const key = `r${++k}`;
      o.setAttribute('data-k', key);
      n.setAttribute('data-k', key);
      cases.push({ k: key, how });
    };
    for (const [name, before] of oe) {
      const after = ne.get(name);
      if (!after) dropped['example not in both'] += controls(before).length;
      else if (ot.has(name) || nt.has(name)) dropped['twin example'] += controls(before).length;
      else matchExample(controls(before), controls(after), mark, dropped);
    }
    for (const d of [od, nd]) for (const el of d.querySelectorAll('[data-fixture]')) namespaceIds(el);
    const html = (d) => '<!doctype html>' + d.documentElement.outerHTML;
    return { old: html(od), new: html(nd), cases, dropped };
  };
})();
