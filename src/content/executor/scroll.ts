import type { z } from 'zod';
import type { ScrollAction } from '../../shared/action';
import { resolveOrThrow } from './errors';

export interface Scrolled {
  moved: number;
  summary: string;
}

function scrollable(el: Element): boolean {
  const s = getComputedStyle(el);
  return (el.scrollHeight > el.clientHeight + 1 && /(auto|scroll|overlay)/.test(s.overflowY)) || (el.scrollWidth > el.clientWidth + 1 && /(auto|scroll|overlay)/.test(s.overflowX));
}

/** Scrolls the page, an element, or an element into view; says how far things moved. */
export async function scroll(a: z.output<typeof ScrollAction>): Promise<Scrolled> {
  if (a.id !== undefined && a.direction === 'into_view') {
    const el = resolveOrThrow(a.id);
    const before = el.getBoundingClientRect().top;
    el.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'instant' });
    const moved = Math.round(Math.abs(el.getBoundingClientRect().top - before));
    return { moved, summary: moved ? `scrolled element ${a.id} into view` : `element ${a.id} was already in view` };
  }
  let box: Element | null = a.id !== undefined ? resolveOrThrow(a.id) : null;
  while (box && !scrollable(box)) box = box.parentElement;
  const useWindow = !box || box === document.documentElement || box === document.body;
  const vertical = a.direction === 'up' || a.direction === 'down';
  const page = useWindow ? (vertical ? innerHeight : innerWidth) : vertical ? box!.clientHeight : box!.clientWidth;
  const amount = a.amount ?? Math.round(page * 0.8);
  const sign = a.direction === 'up' || a.direction === 'left' ? -1 : 1;
  const pos = () => (useWindow ? (vertical ? scrollY : scrollX) : vertical ? box!.scrollTop : box!.scrollLeft);
  const before = pos();
  const delta = vertical ? { top: sign * amount, left: 0 } : { top: 0, left: sign * amount };
  if (useWindow) window.scrollBy({ ...delta, behavior: 'instant' });
  else box!.scrollBy({ ...delta, behavior: 'instant' });
  await new Promise((r) => requestAnimationFrame(() => r(null)));
  const moved = Math.round(Math.abs(pos() - before));
  const what = useWindow ? 'the page' : `element ${a.id}`;
  return { moved, summary: moved ? `scrolled ${what} ${a.direction} by ${moved}px` : `${what} cannot scroll further ${a.direction}` };
}
