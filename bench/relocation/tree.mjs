// A tiny page tree for the relocation corpus: pages are built as trees, redesigned by operations
// on the tree (bench/relocation/ops.mjs) and rendered to HTML. Every element carries a key that
// survives the operations, which is how a case knows the ground truth on the new page.

let counter = 0;

/** An element node: h('a', { href: '/x' }, 'text', h('span', {}, '…')). */
export function h(t, a = {}, ...c) {
  return { t, a: { ...a }, c: c.flat().filter((x) => x !== null && x !== undefined && x !== false), k: ++counter };
}

export const resetKeys = () => {
  counter = 0;
};

/** A deep copy that keeps every key, so the old and new pages name the same elements alike. */
export const clone = (n) => (typeof n === 'string' ? n : { t: n.t, a: { ...n.a }, c: n.c.map(clone), k: n.k });

/** A fresh copy of a subtree with new keys: a new element that merely looks like an old one. */
export const copyNew = (n) => (typeof n === 'string' ? n : { t: n.t, a: { ...n.a }, c: n.c.map(copyNew), k: ++counter });

export function* walk(n, parent = null) {
  if (typeof n === 'string') return;
  yield [n, parent];
  for (const c of n.c) yield* walk(c, n);
}

export const all = (root, pred = () => true) => [...walk(root)].filter(([n, p]) => pred(n, p));
export const find = (root, key) => all(root, (n) => n.k === key)[0];
export const textOf = (n) => (typeof n === 'string' ? n : n.c.map(textOf).join(''));
export const hasKey = (root, key) => !!find(root, key);

const VOID = new Set(['input', 'img', 'br', 'hr', 'meta']);
const escText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const escAttr = (s) => String(s).replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** HTML for a tree; the elements whose keys are in `mark` get data-k, for the bench to find and strip. */
export function render(n, mark) {
  if (typeof n === 'string') return escText(n);
  const attrs = Object.entries(n.a)
    .filter(([, v]) => v !== undefined && v !== null && v !== false)
    .map(([k, v]) => (v === true ? ` ${k}` : ` ${k}="${escAttr(v)}"`))
    .join('');
  const k = mark.has(n.k) ? ` data-k="${n.k}"` : '';
  if (VOID.has(n.t)) return `<${n.t}${attrs}${k}>`;
  return `<${n.t}${attrs}${k}>${n.c.map((c) => render(c, mark)).join('')}</${n.t}>`;
}

/** The page around a body tree, with a plain stylesheet so positions are those of a real layout. */
export function page(body, mark, title) {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escText(title)}</title><style>${CSS}</style></head>${render(body, mark)}</html>`;
}

const CSS = `body{font:15px/1.4 sans-serif;margin:0;width:1200px}header,footer,nav,section,aside,main{display:block;padding:8px}
header{display:flex;gap:12px;align-items:center}nav ul,footer ul{display:flex;gap:10px;list-style:none;margin:0;padding:0}
.grid,.plans,.products{display:flex;flex-wrap:wrap;gap:12px}.card,.plan,.product{border:1px solid #ccc;padding:8px;width:240px}
table{border-collapse:collapse}td,th{border:1px solid #ddd;padding:4px 8px}aside{float:left;width:200px}
.btn{display:inline-block;padding:6px 12px;border:1px solid #333}label{display:block}`;
