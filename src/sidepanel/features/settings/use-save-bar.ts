import { useEffect, useRef } from 'react';

/**
 * Settings' Save and Test connection bar: pinned to the bottom of the panel only while there is
 * something to save or an answer to read, so the first screen has nothing half-covered under it.
 * While pinned, the scrolling panel keeps a focused field above it (its scroll padding is the bar's
 * height), and the field being typed in when it pins is brought above it.
 */
export function useSaveBar(pinned: boolean) {
  const bar = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = bar.current;
    const scroller = el?.closest('main');
    if (!el || !scroller) return;
    if (!pinned) return void (scroller.style.scrollPaddingBottom = '');
    const fit = () => {
      // its whole height: sticky within the form, it does not always reach into the panel's bottom padding
      scroller.style.scrollPaddingBottom = `${el.offsetHeight + 6}px`;
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && el.closest('form')?.contains(focused) && !el.contains(focused)) focused.scrollIntoView?.({ block: 'nearest' });
    };
    fit();
    const watch = typeof ResizeObserver === 'function' ? new ResizeObserver(fit) : undefined;
    watch?.observe(el);
    return () => {
      watch?.disconnect();
      scroller.style.scrollPaddingBottom = '';
    };
  }, [pinned]);
  return bar;
}
