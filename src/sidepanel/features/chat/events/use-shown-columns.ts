import { useCallback, useEffect, useState, useSyncExternalStore, type RefObject } from 'react';
import { panelValue } from '../../../panel-value';

/**
 * The columns a person chose to see of one table, kept in the panel's own storage under the
 * table's event, so the choice holds when the panel is closed and opened again.
 */
export function useShownColumns(key: string, count: number): [boolean[], (next: boolean[]) => void] {
  const [store] = useState(() => panelValue(`table-columns:${key}`));
  const raw = useSyncExternalStore(store.subscribe, store.raw);
  const shown = parseShown(raw, count);
  const set = useCallback((next: boolean[]) => store.write(next.every(Boolean) ? undefined : JSON.stringify(next)), [store]);
  return [shown, set];
}

/** A stored choice that no longer fits the table (or was never made) shows every column. */
export function parseShown(raw: string | null, count: number): boolean[] {
  const all = Array.from({ length: count }, () => true);
  if (!raw) return all;
  try {
    const v: unknown = JSON.parse(raw);
    if (Array.isArray(v) && v.length === count && v.every((x) => typeof x === 'boolean') && v.some(Boolean)) return v as boolean[];
  } catch {
    // a value another version wrote: every column
  }
  return all;
}

/** Whether a box's content is wider than the box, followed as the panel is resized. */
export function useWiderThanBox(ref: RefObject<HTMLElement | null>): boolean {
  const [wider, setWider] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setWider(el.scrollWidth > el.clientWidth + 1);
    check();
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    return () => watch.disconnect();
  }, [ref]);
  return wider;
}

/** Whether a sideways-scrolling box has content beyond its right edge, followed as it scrolls or is resized. */
export function useMoreToRight(ref: RefObject<HTMLElement | null>): boolean {
  const [more, setMore] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setMore(el.scrollLeft + el.clientWidth < el.scrollWidth - 1);
    check();
    const watch = new ResizeObserver(check);
    watch.observe(el);
    if (el.firstElementChild) watch.observe(el.firstElementChild);
    el.addEventListener('scroll', check, { passive: true });
    return () => {
      watch.disconnect();
      el.removeEventListener('scroll', check);
    };
  }, [ref]);
  return more;
}
