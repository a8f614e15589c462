// Redesign operations on a page tree (bench/relocation/tree.mjs). Structural operations change
// the whole page (id and class churn, wrappers, moved blocks, reordered lists, a framework's
// re-render, a banner that shifts everything down); content operations change one target and
// return the case kind and the ground truth (the same key, or null when the element is gone).
import { all, copyNew, h, textOf } from './tree.mjs';

const CONTROL = new Set(['a', 'button', 'input', 'select', 'summary']);
export const isControl = (n) => CONTROL.has(n.t) || n.a.role === 'button';
const NON_CONTROL = new Set(['h1', 'h2', 'h3', 'li', 'span', 'td']);
/** a non-control a person might click: a heading, a list item, a span or a cell with its own text */
export const isNonControl = (n) => NON_CONTROL.has(n.t) && textOf(n).trim().length > 1 && !all(n, (d) => d !== n && isControl(d)).length;

const hash = (rng) => rng.chars(5);
const parentOf = (root, n) => all(root, (x) => x.c.includes(n))[0]?.[0];
const detach = (root, n) => {
  const p = parentOf(root, n);
  if (p) p.c.splice(p.c.indexOf(n), 1);
  return p;
};
const containers = (root) => all(root, (n) => ['section', 'main', 'header', 'footer', 'aside', 'div', 'form', 'article', 'nav'].includes(n.t)).map(([n]) => n);
/** somewhere far from n: the footer, or else the end of the body */
const elsewhere = (root, n) => {
  const footer = all(root, (x) => x.t === 'footer')[0]?.[0];
  if (footer && !all(footer, (x) => x === n).length) return footer;
  return root;
};

// ---- structural operations ----
export const STRUCTURAL = {
  churn(root, rng) {
    for (const [n] of all(root)) {
      if (n.a.class) n.a.class = n.a.class.split(' ').map((c) => `${c.slice(0, 2)}-${hash(rng)}`).join(' ');
      if (n.a.id && n.t !== 'input' && n.t !== 'select' && n.t !== 'section') n.a.id = rng.next() < 0.5 ? `${n.a.id}-${hash(rng)}` : undefined;
    }
  },
  wrap(root, rng) {
    const parents = containers(root).filter((p) => p.c.some((c) => typeof c !== 'string'));
    for (const p of rng.sample(parents, Math.min(4, parents.length))) {
      const kids = p.c.filter((c) => typeof c !== 'string' && c.t !== 'li' && c.t !== 'option' && c.t !== 'legend');
      const kid = kids.length ? rng.pick(kids) : null;
      if (!kid) continue;
      p.c[p.c.indexOf(kid)] = h('div', { class: `wrap-${hash(rng)}` }, h('div', { class: 'inner' }, kid));
    }
  },
  moveBlock(root, rng) {
    const main = all(root, (n) => n.t === 'main')[0]?.[0] ?? root;
    const blocks = main.c.filter((c) => typeof c !== 'string' && !/^h\d$/.test(c.t));
    if (blocks.length < 2) return;
    const b = rng.pick(blocks);
    main.c.splice(main.c.indexOf(b), 1);
    main.c.splice(rng.int(0, main.c.length), 0, b);
  },
  reorder(root, rng) {
    for (const [n] of all(root, (x) => ['ul', 'tbody', 'div'].includes(x.t) && x.c.filter((c) => typeof c !== 'string').length >= 3)) {
      if (rng.next() < 0.6) n.c = rng.shuffle(n.c);
    }
  },
  rerender(root, rng) {
    let i = 0;
    const scope = hash(rng);
    for (const [n] of all(root)) {
      if (n.t !== 'body') n.a[`data-v-${scope}`] = '';
      if (n.a.class) n.a.class = `css-${hash(rng)}`;
      if (n.a.id && n.t !== 'section') n.a.id = `:r${(i++).toString(36)}:`;
      if ((n.t === 'button' || n.t === 'a') && n.c.length === 1 && typeof n.c[0] === 'string') n.c = [h('span', { class: `css-${hash(rng)}` }, n.c[0])];
    }
  },
  banner(root) {
    root.c.unshift(h('div', { class: 'banner', role: 'region', 'aria-label': 'Notice' }, h('p', {}, 'We updated our terms. '), h('a', { href: '/terms' }, 'Read the changes')));
  },
};

const FULL = {
  'Try free for 30 days': 'Start your free trial', 'Book a demo': 'Talk to sales', 'Get started': 'Create account', 'Sign in': 'Member area',
  'Save changes': 'Apply', Cancel: 'Discard', Compose: 'Write', Archive: 'Move out', 'New project': 'Create', 'Learn more': 'Details',
  'Add to cart': 'Buy', 'View details': 'See product', 'Edit this page': 'Suggest changes', Copy: 'Clipboard', Profile: 'My space',
  'Sign out': 'Leave', 'Mark as read': 'Seen', 'Report spam': 'Junk', Edit: 'Modify', Next: 'Forward', Previous: 'Earlier', Cart: 'Basket',
};

function setText(n, text) {
  const span = n.c.find((c) => typeof c !== 'string' && c.t === 'span' && !c.a['aria-hidden']);
  if (span) span.c = [text];
  else n.c = [text];
}

function closeRename(text, rng) {
  const words = text.split(' ');
  if (words.length >= 3) return words.slice(0, -1).join(' ');
  if (words.length === 2) return rng.pick([`${words[0]} all ${words[1]}`, `${text} →`, text.toUpperCase()]);
  return rng.pick([`${text} now`, `${text} →`, `${text} it`]);
}

const renamable = (n) => isControl(n) && n.t !== 'input' && n.t !== 'select' && !!textOf(n).trim();

/** Content operations: each changes `target` (a node of the new tree) and says what the case is. */
export const CONTENT = {
  renameClose: { fits: renamable, apply(root, n, rng) { setText(n, closeRename(textOf(n).trim(), rng)); return 'rename-close'; } },
  renameFull: { fits: (n) => renamable(n) && !!FULL[textOf(n).trim()], apply(root, n) { setText(n, FULL[textOf(n).trim()]); return 'rename-full'; } },
  iconOnly: {
    fits: (n) => (n.t === 'button' || n.t === 'a') && !!textOf(n).trim(),
    apply(root, n, rng) {
      const text = textOf(n).trim();
      n.c = [h('span', { class: 'icon', 'aria-hidden': 'true' }, '●')];
      if (rng.next() < 0.7) n.a['aria-label'] = text;
      else n.a.title = text;
      return 'icon-only';
    },
  },
  tagSwap: {
    fits: (n) => (n.t === 'a' && /\bbtn\b/.test(n.a.class ?? '')) || n.t === 'button',
    apply(root, n) {
      if (n.t === 'a') {
        n.t = 'button';
        n.a = { type: 'button', class: n.a.class };
      } else {
        n.t = 'div';
        n.a = { role: 'button', tabindex: '0', class: n.a.class };
      }
      return 'tag-swap';
    },
  },
  sameNameElsewhere: { fits: (n) => renamable(n) || isNonControl(n), apply(root, n) { elsewhere(root, n).c.push(copyNew(n)); return 'same-name-elsewhere'; } },
  moved: {
    fits: (n) => isControl(n) && n.t !== 'summary',
    apply(root, n, rng) {
      const from = detach(root, n);
      const places = containers(root).filter((p) => p !== from && !all(n, (x) => x === p).length && p.t !== 'form');
      rng.pick(places).c.push(n);
      return 'moved';
    },
  },
  gone: { fits: () => true, apply(root, n) { detach(root, n); return 'gone'; } },
  /** a link removed while another link with its words but another address appears elsewhere */
  goneLookalike: {
    fits: (n) => n.t === 'a' && !!n.a.href && !!textOf(n).trim(),
    apply(root, n) {
      const twin = h('a', { href: `/elsewhere${n.a.href.replace(/^[/#]*/, '/')}` }, textOf(n).trim());
      const from = detach(root, n);
      elsewhere(root, from ?? root).c.push(h('p', {}, twin));
      return 'gone-lookalike';
    },
  },
};

/** The three kinds that made replay act on the wrong element; each keeps its target (the ground truth). */
export const ADVERSARIAL = {
  renamedTaken: {
    fits: (n) => CONTENT.renameFull.fits(n),
    apply(root, n) {
      const twin = copyNew(n);
      setText(n, FULL[textOf(n).trim()]);
      elsewhere(root, n).c.push(twin);
      return 'adv-renamed-taken';
    },
  },
  logoTagline: {
    fits: (n) => n.t === 'a' && /\blogo\b/.test(n.a.class ?? ''),
    apply(root, n) {
      const brand = textOf(n).trim();
      n.c = [h('span', {}, brand), h('small', {}, ' Work, in step')];
      elsewhere(root, n).c.push(h('p', {}, h('a', { href: n.a.href }, brand)));
      return 'adv-logo-tagline';
    },
  },
  nonControlTwin: {
    fits: isNonControl,
    apply(root, n) {
      const text = textOf(n).trim();
      elsewhere(root, n).c.push(h('p', { class: 'related' }, 'See also: ', h('a', { href: `/search?q=${encodeURIComponent(text)}` }, text)));
      return 'adv-noncontrol-twin';
    },
  },
};
