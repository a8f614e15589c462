import { DEMONSTRATION_FORMAT, DEMONSTRATION_VERSION, Demonstration } from '../../shared/demonstration';
import type { RecordingData } from '../../shared/messages/recording';
import { reduceDemonstration } from '../../memory/reduce';
import { sanitized } from './steps';
import { markTabOpeners } from './tab-steps';

export type Built = { ok: true; demo: Demonstration } | { ok: false; message: string };

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** The demonstration a finished recording makes; says what is missing instead when it cannot be one. */
export function buildDemonstration(data: RecordingData, opts: { id: string; task: string; description: string; now: number }): Built {
  const task = opts.task.trim();
  if (!task) return { ok: false, message: 'Give the task a name before saving (for example "search flights from Boston to Denver").' };
  const steps = markTabOpeners(data).map(sanitized);
  if (!steps.some((s) => s.action.kind !== 'navigate')) {
    return { ok: false, message: 'Nothing was recorded yet: do the task in the page while recording, or Discard.' };
  }
  const demo = Demonstration.safeParse({
    format: DEMONSTRATION_FORMAT,
    version: DEMONSTRATION_VERSION,
    id: opts.id,
    task,
    description: opts.description.trim(),
    site: hostOf(data.first.url),
    startUrl: data.first.url,
    title: data.first.title,
    headings: data.first.headings,
    createdAt: opts.now,
    steps,
    labels: [],
  });
  if (!demo.success) return { ok: false, message: `The recording could not be saved: ${demo.error.issues[0]?.message ?? 'invalid data'}.` };
  // only the lines around what the person acted on, masked, are kept (src/memory/reduce.ts)
  return { ok: true, demo: reduceDemonstration(demo.data) };
}
