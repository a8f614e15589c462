import { useEffect, useState, type RefObject } from 'react';

/**
 * Whether the scrolling box around `inside` (the dock) hides more below what it shows: in a short
 * or narrow panel a card scrolls in its own box, and the person must see that there is more to read
 * before answering.
 */
export function useMoreBelow(inside: RefObject<HTMLElement | null>, boxSelector: string): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const box = inside.current?.closest<HTMLElement>(boxSelector);
    if (!box) return;
    const check = () => setMore(box.scrollHeight - box.scrollTop - box.clientHeight > 2);
    check();
    box.addEventListener('scroll', check, { passive: true });
    const sizes = new ResizeObserver(check);
    sizes.observe(box);
    if (inside.current) sizes.observe(inside.current);
    return () => {
      box.removeEventListener('scroll', check);
      sizes.disconnect();
    };
  }, [inside, boxSelector]);
  return more;
}
