import type { Demonstration } from '../../shared/demonstration';
import type { ExportContents } from '../../shared/messages/memory';

/**
 * What a demonstrations file carries, said to the person before it is saved: which sites, how many
 * steps, and that it holds text of those pages (the lines around each element acted on) and the
 * values typed, which anyone given the file can read.
 */
export function contentsOf(demos: Demonstration[]): ExportContents {
  const steps = demos.flatMap((d) => d.steps);
  return {
    demonstrations: demos.length,
    sites: [...new Set(demos.map((d) => d.site).filter(Boolean))].sort(),
    steps: steps.length,
    pageLines: steps.reduce((n, s) => n + (s.page ? s.page.split('\n').length : 0), 0),
    typedValues: steps.filter((s) => s.action.kind === 'type' && !s.action.secret && s.action.value !== '').length,
  };
}
