import type { LlmServer } from './llm-server';
import { idFor, instructionOf, isPlanner, isPolicy, pageOf, previousActionsOf } from './model-reading';

/**
 * The scripted model for the arena's job application (upload-file): the Chromium and Firefox runs of
 * an upload share it.
 */
/** Fill the name, UPLOAD_FILE twice (field, then drop zone), click Send; then an empty plan. */
export function scriptApplication(llm: LlmServer): void {
  let plans = 0;
  const act = (thought: string, actions: unknown[]) => ({ toolCalls: [{ name: 'act', args: { thought, actions } }] });
  llm.script(
    {
      name: 'planner',
      match: isPlanner,
      answer: () =>
        plans++ === 0
          ? {
              toolCalls: [{ name: 'plan', args: { reasoning: 'Name, the two files, then send.', steps: [
                { policy: 'FILL_TEXT', target: 'Full name', value: 'Ann Lee' },
                { policy: 'UPLOAD_FILE', target: 'Your CV', value: 'cv.pdf' },
                { policy: 'UPLOAD_FILE', target: 'Drop your cover letter here', value: 'letter.txt' },
                { policy: 'CLICK', target: 'Send application', value: '' },
              ] } }],
            }
          : { toolCalls: [{ name: 'plan', args: { reasoning: 'Sent.', steps: [] } }] },
    },
    {
      name: 'fill',
      match: (r) => isPolicy(r, 'FILL_TEXT'),
      answer: (r) => act('The name field.', [{ kind: 'type', id: idFor(pageOf(r), 'Full name'), text: 'Ann Lee' }, { kind: 'done', summary: 'typed' }]),
    },
    {
      name: 'upload',
      match: (r) => isPolicy(r, 'UPLOAD_FILE'),
      answer: (r) => {
        if (previousActionsOf(r).length) return act('It is attached.', [{ kind: 'done', summary: 'attached' }]);
        const cv = instructionOf(r).includes('cv.pdf');
        const id = cv ? idFor(pageOf(r), 'Your CV', { tag: 'input' }) : idFor(pageOf(r), 'Drop your cover letter here');
        return act('Attach it.', [{ kind: 'upload', id, file: cv ? 'cv.pdf' : 'letter.txt' }]);
      },
    },
    {
      name: 'click',
      match: (r) => isPolicy(r, 'CLICK'),
      answer: (r) => (previousActionsOf(r).length ? act('Sent.', [{ kind: 'done', summary: 'sent' }]) : act('Send it.', [{ kind: 'click', id: idFor(pageOf(r), 'Send application') }])),
    },
  );
}
