// Element ids for one page load. The content script is re-injected on every navigation, so
// module state lives exactly as long as the document: ids never move to another element and
// an element keeps its id for as long as it lives, whatever else the page does.
const idOf = new WeakMap<Element, number>();
const elementOf = new Map<number, WeakRef<Element>>();
let counter = 0;

export function idFor(el: Element): number {
  let id = idOf.get(el);
  if (id === undefined) {
    id = ++counter;
    idOf.set(el, id);
    elementOf.set(id, new WeakRef(el));
  }
  return id;
}

export function existingId(el: Element): number | undefined {
  return idOf.get(el);
}

export type Lookup =
  | { ok: true; el: Element }
  | { ok: false; reason: 'unknown_id' | 'detached' };

/** Back from an id to its element, wherever it lives (shadow roots, same-origin frames). */
export function lookup(id: number): Lookup {
  const el = elementOf.get(id)?.deref();
  if (!el) return id > 0 && id <= counter ? { ok: false, reason: 'detached' } : { ok: false, reason: 'unknown_id' };
  if (!el.isConnected) return { ok: false, reason: 'detached' };
  return { ok: true, el };
}

/** Drops entries whose elements were collected, so the map does not grow on long-lived pages. */
export function sweep(): void {
  for (const [id, ref] of elementOf) if (!ref.deref()) elementOf.delete(id);
}
