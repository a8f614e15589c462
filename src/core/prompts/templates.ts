import { splitTemplate } from './render';
import planner from '../../../prompts/planner.md?raw';
import plannerFormatTools from '../../../prompts/planner-format-tools.md?raw';
import plannerFormatText from '../../../prompts/planner-format-text.md?raw';
import policyFrame from '../../../prompts/policy-frame.md?raw';
import actionFormatTools from '../../../prompts/action-format-tools.md?raw';
import actionFormatText from '../../../prompts/action-format-text.md?raw';
import batchStaged from '../../../prompts/batch-staged.md?raw';
import batchSingle from '../../../prompts/batch-single.md?raw';
import groundingRepair from '../../../prompts/grounding-repair.md?raw';
import reflection from '../../../prompts/reflection.md?raw';
import filesAttached from '../../../prompts/files-attached.md?raw';
import downloadedFiles from '../../../prompts/downloaded-files.md?raw';
import reflectionFormatTools from '../../../prompts/reflection-format-tools.md?raw';
import reflectionFormatText from '../../../prompts/reflection-format-text.md?raw';
import labelDemonstration from '../../../prompts/label-demonstration.md?raw';

/** Templates shared by all policies; each policy brings its own guidance file (see ../policies). */
export const templates = {
  planner,
  plannerFormatTools,
  plannerFormatText,
  policyFrame,
  actionFormatTools,
  actionFormatText,
  batchStaged,
  batchSingle,
  groundingRepair,
  reflection,
  reflectionFormatTools,
  reflectionFormatText,
  labelDemonstration,
  /** the line after the task that lists the person's files (agent/run-state.ts `taskText`) */
  filesAttached,
  /** the line before the texts of files the run's actions downloaded (downloaded.ts) */
  downloadedFiles,
} as const;

/**
 * Splits text that is already rendered at its first `=== user ===` line. A value placed before the
 * template's own marker can move this split: prompts that carry page or file text use
 * `renderPrompt` (render.ts), which splits the template before filling it.
 */
export function splitPrompt(rendered: string): { system: string; user: string } {
  const { system, user } = splitTemplate(rendered);
  return { system: system.trim(), user: user.trim() };
}
