import { TEST_ATTRS } from './css-path';

/**
 * How a control is built rather than what it says: the words of its own and its icon's classes and
 * data-* values ("btn btn-tool" with `data-card-widget="collapse"` and an icon "fas fa-minus"). A
 * nameless control (an icon button, a menu toggle) has little else that stays through a redesign:
 * "fa-bars" in one version and "bi-list" in the next share nothing, but `data-widget="pushmenu"`
 * and a collapse button's "collapse" often survive. Compared at replay word by word, each word
 * weighted by how rare it is among the candidates (evidence.ts lookScore), so the "nav" and "link"
 * every menu entry has count for little.
 */
export function lookOf(el: Element): string {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const w of text.toLowerCase().split(/[^a-z0-9]+/)) if (kept(w)) words.add(w);
  };
  const parts = [el, ...Array.from(el.querySelectorAll('i, svg, use, span:empty, img')).slice(0, 4)];
  for (const e of parts) {
    add(e.getAttribute('class') ?? '');
    for (const a of Array.from(e.attributes)) if (a.name.startsWith('data-') && !TEST_ATTRS.includes(a.name) && a.value.length <= 40) add(`${a.name.slice(5)} ${a.value}`);
    // an SVG sprite's symbol names the icon: <use href="#icon-search">
    const use = e.getAttribute('href') ?? e.getAttribute('xlink:href');
    if (e.localName === 'use' && use) add(use.slice(use.indexOf('#') + 1));
  }
  return [...words].slice(0, 24).join(' ');
}

/**
 * A word worth keeping: not a number, a one-letter word or a generated class name ("css-1x2y3z"):
 * letters and digits mixed in a word of five or more, which a build tool renames on every release.
 */
const kept = (w: string) => w.length > 1 && !/^\d+$/.test(w) && !(w.length >= 5 && /\d/.test(w) && /[a-z]/.test(w));
