import template from '../../../prompts/extract.md?raw';
import formatTools from '../../../prompts/extract-format-tools.md?raw';
import formatText from '../../../prompts/extract-format-text.md?raw';
import guidance from '../../../prompts/policy-extract.md?raw';
import type { PageSnapshot } from '../../shared/page';
import type { PlanStep } from '../../shared/run-events';
import type { Cell, TableColumn } from '../../shared/table';
import { planStepLine } from '../exemplars';
import { CAPS, fencePageText, pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';

export { guidance as extractGuidance };

export interface ExtractPromptInput {
  task: string;
  call: PlanStep;
  columns: TableColumn[];
  /** rows kept so far, over the pages already read */
  rows: Cell[][];
  pagesRead: number;
  notes: string[];
  snapshot: PageSnapshot;
  /** lines `find` returned for words the model asked about, beyond the page model's budget */
  found: string[];
  tools: boolean;
}

const ROWS_SHOWN = 3;

/** What the model needs from earlier pages: how much was read, and the last rows, so it does not repeat them. */
function progressText(input: ExtractPromptInput): string {
  if (!input.pagesRead) return '(this is the first page)';
  const last = input.rows.slice(-ROWS_SHOWN).map((r) => pageLine(r.map((c) => (c === null ? '' : String(c))).join(' | '), CAPS.step));
  return [`${input.rows.length} rows from ${input.pagesRead} page(s) so far. The last rows read:`, ...last].join('\n');
}

export function extractPrompt(input: ExtractPromptInput): { system: string; user: string } {
  const foundText = input.found.length ? `\n-- lines found on the page beyond what is shown above --\n${input.found.join('\n')}` : '';
  return renderPrompt(
    template,
    {
      system: { guidance: guidance.trim(), format: (input.tools ? formatTools : formatText).trim() },
      user: {
        task: input.task,
        instruction: pageLine(planStepLine(input.call)),
        columns: pageLine(input.columns.map((c) => `${c.name} (${c.type})`).join(', ')),
        progress: progressText(input),
        notes: input.notes.length ? `Notes:\n${input.notes.map((n) => `- ${pageLine(n, CAPS.step)}`).join('\n')}` : '',
        url: pageLine(input.snapshot.url, CAPS.url),
        title: pageLine(input.snapshot.title, CAPS.title),
        page: fencePageText(input.snapshot.text + foundText),
      },
    },
    'policy EXTRACT',
  );
}
