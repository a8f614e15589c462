/**
 * Synapse's state abstraction for stored trajectories: a recorded page model is cut down to the
 * elements the person touched, a few lines around each, and the heading above each, so a whole
 * demonstration fits in a prompt beside the live page. The page model text is line-based
 * (docs/page-model.md): an element line starts with `<tag id=N`, headings with `#`.
 */

const ELEMENT = /^<[\w-]+ id=(\d+)[\s>]/;
/** viewport markers and "(23 more links below: …)" summaries carry nothing an example needs */
const NOISE = /^(?:-- .* --|\(\d+ more .*\))$/;

export function idOfLine(line: string): number | undefined {
  const m = ELEMENT.exec(line.trim());
  return m ? Number(m[1]) : undefined;
}

/** The page model line of element `id`, or undefined when the page does not show it. */
export function lineOf(page: string, id: number): string | undefined {
  return page.split('\n').find((l) => idOfLine(l) === id);
}

export function abstractPage(page: string, ids: Iterable<number>, radius: number): string {
  const lines = page.split('\n').filter((l) => l.trim() && !NOISE.test(l.trim()));
  const wanted = new Set(ids);
  const keep = new Set<number>();
  lines.forEach((line, i) => {
    const id = idOfLine(line);
    if (id === undefined || !wanted.has(id)) return;
    for (let j = Math.max(0, i - radius); j <= Math.min(lines.length - 1, i + radius); j++) keep.add(j);
    for (let j = i - 1; j >= 0; j--) {
      if (lines[j]?.trimStart().startsWith('#')) {
        keep.add(j);
        break;
      }
    }
  });
  if (!keep.size) return lines.slice(0, Math.max(1, radius * 2)).join('\n');
  const out: string[] = [];
  let last = -1;
  for (const i of [...keep].sort((a, b) => a - b)) {
    if (last >= 0 && i > last + 1) out.push('…');
    out.push(lines[i] ?? '');
    last = i;
  }
  return out.join('\n');
}
