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
} as const;

const USER_MARK = /^=== user ===$/m;

/** A rendered template holds the system text, then `=== user ===`, then the user message. */
export function splitPrompt(rendered: string): { system: string; user: string } {
  const match = USER_MARK.exec(rendered);
  if (!match) return { system: rendered.trim(), user: '' };
  return {
    system: rendered.slice(0, match.index).trim(),
    user: rendered.slice(match.index + match[0].length).trim(),
  };
}
