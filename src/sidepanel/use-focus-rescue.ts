import { useEffect } from 'react';

/** Where focus goes when its element went away: the view's field to type in, else its first control. */
const FALLBACK = 'main textarea:not([disabled]), main input:not([type=hidden]):not([disabled]), main button:not([disabled]), main a[href]';

/**
 * Focus that fell to the document's body because its element left the page (the run's Stop when
 * the run ended, a deleted chat's Yes, delete, the recording's Save) or was disabled (Send, once
 * its message went) goes to the view's own field
 * or first control: a keyboard or screen-reader user goes on from there instead of from the top
 * of the panel. The browser fires no event when a focused element is removed, so the panel's
 * changes are watched, and only focus that was on an element now gone is moved.
 */
export function useFocusRescue(): void {
  useEffect(() => {
    let last: Element | null = null;
    const onIn = (e: FocusEvent) => {
      last = e.target instanceof Element ? e.target : null;
    };
    // gone from the page, or still there but disabled (Send once its message went) or hidden
    const lost = (el: Element) => !el.isConnected || (el as HTMLButtonElement).disabled === true || (el as HTMLElement).hidden || el.closest('[hidden]') !== null;
    const rescue = () => {
      if (!last || !lost(last)) return;
      const now = document.activeElement;
      if (now && now !== document.body) return;
      // the view that takes the place of what went may come a render later: tried again at the next change
      const to = document.querySelector<HTMLElement>(FALLBACK);
      if (!to) return;
      last = null;
      to.focus({ preventScroll: true });
    };
    const watch = new MutationObserver(rescue);
    watch.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
    document.addEventListener('focusin', onIn);
    return () => {
      watch.disconnect();
      document.removeEventListener('focusin', onIn);
    };
  }, []);
}
