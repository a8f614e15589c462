// The resolver's decision rule on scored candidates (src/content/replay/decide.ts): a clear winner
// that no recorded evidence speaks against is acted on; everything else is refused with the
// candidates named. The page-side scoring is covered in Chromium (test/e2e/workflows/relocation.test.ts).
import { describe, expect, it } from 'vitest';
import { decide } from '../../../src/content/replay/decide';
import { WEIGHTS, type Scored, type Scores } from '../../../src/content/replay/evidence';
import type { Item } from '../../../src/content/page-model/walk';

function cand(label: string, scores: Scores): Scored {
  let total = 0;
  for (const [k, w] of Object.entries(WEIGHTS)) total += w * (scores[k as keyof Scores] ?? 0);
  return { item: { name: label } as Item, scores, total, strategy: 'position' };
}
const run = (...c: Scored[]) => decide([...c].sort((a, b) => b.total - a.total), (s) => s.item.name);

describe('the resolver decides', () => {
  it('acts on a unique recorded name that its place agrees with', () => {
    const r = run(cand('Sign in', { name: 1, structure: 1, position: 1, landmark: 1 }), cand('Pricing', { name: 0, structure: 0.6, landmark: 1 }));
    expect(r.ok && r.pick.item.name).toBe('Sign in');
  });

  it('refuses a name match when another element sits consistently where the recorded one was, naming both', () => {
    const twin = cand('Try free (footer)', { name: 1, href: 1, structure: 0.3, position: 0, heading: 0, landmark: 0 });
    const renamed = cand('Start your free trial', { name: 0, href: 1, structure: 1, position: 1, heading: 1, landmark: 1 });
    const r = run(twin, renamed);
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toMatch(/Try free \(footer\).*Start your free trial|Start your free trial.*Try free \(footer\)/);
  });

  it('acts on a name match whose neighbour took its old place, when nothing of its own place disagrees', () => {
    const r = run(cand('Mark as read', { name: 1, structure: 0.6, position: 0.7, heading: 1, landmark: 1 }), cand('Report spam', { name: 0, structure: 1, position: 1, heading: 1, landmark: 1 }));
    expect(r.ok && r.pick.item.name).toBe('Mark as read');
  });

  it('refuses a close runner-up, a relabelled button with nothing but its place, and an element in another row', () => {
    expect(run(cand('Edit', { name: 1, heading: 1 }), cand('Edit ', { name: 1, heading: 1, position: 0.5 })).ok).toBe(false);
    expect(run(cand('Apply', { name: 0, structure: 1, position: 1, heading: 1, landmark: 1 })).ok).toBe(false);
    expect(run(cand('Ivan Petrov', { name: 1, row: 0, heading: 1 })).ok).toBe(false);
  });

  it('acts on the element at the recorded place that still carries every recorded word (a logo that gained a tagline), not a same-named link elsewhere', () => {
    const logo = cand('Acme Work, in step', { name: 0.6, href: 1, structure: 1, position: 1, landmark: 1 });
    const footer = cand('Acme', { name: 1, href: 1, structure: 0.3, position: 0, landmark: 0 });
    const r = run(logo, footer);
    expect(r.ok && r.pick.item.name).toBe('Acme Work, in step');
    // renamed outright, its old name on another element: still refused
    const renamed = cand('Start your free trial', { name: 0, href: 1, structure: 1, position: 1, landmark: 1 });
    expect(run(renamed, cand('Try free for 30 days', { name: 1, href: 1, structure: 0.3, position: 0, landmark: 0 })).ok).toBe(false);
    // two elements at their places with the recorded words: nothing tells them apart
    expect(run(logo, cand('Acme Work (copy)', { name: 0.6, href: 1, structure: 1, position: 1, landmark: 1 })).ok).toBe(false);
  });

  it('drops candidates whose address contradicts the recording, and acts on a relabelled link at its place', () => {
    const r = run(cand('Learn more (other page)', { name: 1, href: 0, structure: 0.5 }), cand('Details', { name: 0, href: 1, structure: 1, position: 1, heading: 1 }));
    expect(r.ok && r.pick.item.name).toBe('Details');
  });

  it('acts on the one candidate with its recorded id and name beside a twin at its old place', () => {
    const own = cand('Day (its id)', { name: 1, identity: 1, structure: 1, position: 0.2, heading: 1, landmark: 1 });
    const twin = cand('Day (another example)', { name: 1, identity: 0.3, structure: 1, position: 0.9, heading: 1, landmark: 1 });
    const r = run(own, twin);
    expect(r.ok && r.pick.item.name).toBe('Day (its id)');
  });
});
