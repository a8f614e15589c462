import { SnapshotOptions, type PageSnapshot } from '../../shared/page';
import { fit, type Line } from './budget';
import { topViewport } from './geometry';
import { sweep } from './ids';
import { lineOf } from './format';
import { walk, type Item, type WalkResult } from './walk';

interface Previous {
  ids: Set<number>;
  texts: Set<string>;
}

// What the last snapshot showed, to mark what is new in the next one.
let previous: Previous | null = null;
let seq = 0;
let lastWalk: WalkResult | null = null;

/** Walks the page now; shared by snapshot, find and settle (which watches the shadow roots found). */
export function walkPage(): WalkResult {
  lastWalk = walk(document, topViewport());
  return lastWalk;
}

export function lastWalkResult(): WalkResult | null {
  return lastWalk;
}

/** Names that appear on more than one element: those lines get a screen position to tell them apart. */
function duplicates(items: Item[]): Set<string> {
  const seen = new Set<string>();
  const dup = new Set<string>();
  for (const it of items) {
    if (it.kind !== 'el') continue;
    const key = it.role + '\u0000' + it.name;
    if (seen.has(key)) dup.add(key);
    seen.add(key);
  }
  return dup;
}

export function buildLines(items: Item[], prev: Previous | null): Line[] {
  const dup = duplicates(items);
  return items.map((item) => {
    const isNew = prev ? (item.kind === 'text' ? !prev.texts.has(item.name) : !prev.ids.has(item.id)) : false;
    const at = item.kind === 'el' && item.region === 'in' && dup.has(item.role + '\u0000' + item.name) ? item.grid : undefined;
    return { item, text: lineOf(item, { isNew, at }) };
  });
}

export function snapshot(input: SnapshotOptions = {}): PageSnapshot {
  const opts = SnapshotOptions.parse(input);
  const hide = new Set(opts.hideIds);
  const { items } = walkPage();
  const visible = items.filter((it) => !hide.has(it.id));
  const lines = buildLines(visible, previous);
  const fitted = fit(lines, opts.budget, opts.task);
  previous = {
    ids: new Set(items.filter((it) => it.id).map((it) => it.id)),
    texts: new Set(items.filter((it) => it.kind === 'text').map((it) => it.name)),
  };
  if (++seq % 20 === 0) sweep();
  return {
    url: location.href,
    title: document.title,
    text: fitted.text,
    tokens: fitted.tokens,
    elementCount: fitted.kept.filter((l) => l.item.id).length,
    truncated: fitted.truncated,
    seq,
    takenAt: Date.now(),
  };
}

/** Forgets what was shown, so the next snapshot marks nothing new (used by tests and after navigation). */
export function resetMarks(): void {
  previous = null;
}
