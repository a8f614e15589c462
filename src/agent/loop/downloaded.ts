import type { PageChange } from '../../shared/action';
import { downloadedFiles, type FileText } from '../../core/prompts/downloaded';
import type { StepRecord } from '../run-state';
import type { Ctx } from '../ctx';

/** At most this many files' texts go into one prompt: the latest. */
const MAX_FILES = 3;

/**
 * The texts of the files these steps downloaded and read back (background/executor/downloads.ts),
 * for a prompt's user part: the person's secrets hidden as in every other page-derived text.
 */
export function filesRead(ctx: Ctx, steps: StepRecord[]): string {
  const files: FileText[] = steps
    .flatMap((s) => s.change?.downloads ?? [])
    .filter((d) => d.text !== undefined)
    .slice(-MAX_FILES)
    .map((d) => ({ name: d.name, mime: d.mime, text: ctx.secrets.hide(d.text ?? '') }));
  return downloadedFiles(files);
}

/** What the timeline's event keeps of a change: a downloaded file's text stays in the run, out of the events. */
export function withoutFileTexts(change: PageChange): PageChange {
  if (!change.downloads?.some((d) => d.text !== undefined)) return change;
  return { ...change, downloads: change.downloads.map(({ text: _text, ...d }) => d) };
}

/**
 * A task that is over keeps no downloaded file's text in its stored steps (as its attached files are
 * deleted): the history says what was downloaded and that it was read, not what the file said.
 */
export function forgetFileTexts(trials: { steps: StepRecord[] }[]): void {
  for (const trial of trials) for (const step of trial.steps) if (step.change) step.change = withoutFileTexts(step.change);
}
