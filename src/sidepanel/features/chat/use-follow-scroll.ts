import { useCallback, useEffect, useRef, useState } from 'react';

/** How close to the bottom (px) still counts as "at the latest entry". */
const NEAR_BOTTOM = 48;

/**
 * Keeps a scrolling box at its newest content as it grows, unless the person scrolled up to read:
 * then it stays put and `behind` says there is newer content (the "jump to latest" chip).
 */
export function useFollowScroll() {
  const box = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const seenHeight = useRef(0);
  const [behind, setBehind] = useState(false);
  const lastTop = useRef(0);
  const onScroll = useCallback(() => {
    const el = box.current;
    if (!el) return;
    // Scroll events arrive a frame late: content added since then is not the person scrolling up.
    // Only a move up (the person's wheel, keys or scrollbar) stops the following.
    const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM;
    if (atBottom) following.current = true;
    else if (el.scrollTop < lastTop.current - 1) following.current = false;
    lastTop.current = el.scrollTop;
    if (following.current) setBehind(false);
  }, []);
  const jump = useCallback(() => {
    const el = box.current;
    if (!el) return;
    following.current = true;
    setBehind(false);
    el.scrollTop = el.scrollHeight;
    lastTop.current = el.scrollTop;
  }, []);
  // the content grew (a new entry, streamed text, a card closing): follow it, or show the chip
  useEffect(() => {
    const el = box.current;
    const inner = content.current;
    if (!el || !inner) return;
    const observer = new ResizeObserver(() => {
      // the latest entry is on screen (the box grew, or what was below it folded): nothing is behind
      if (el.scrollHeight - el.scrollTop - el.clientHeight <= NEAR_BOTTOM) {
        following.current = true;
        setBehind(false);
      }
      // following: stay at the bottom whatever changed (new content, or the box shrank for a pinned card)
      if (following.current) {
        el.scrollTop = el.scrollHeight;
        lastTop.current = el.scrollTop;
      } else if (el.scrollHeight > seenHeight.current) setBehind(true);
      seenHeight.current = el.scrollHeight;
    });
    observer.observe(inner);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { box, content, onScroll, behind, jump };
}
