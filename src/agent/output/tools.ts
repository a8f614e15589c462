import { z } from 'zod';
import { AgentAction } from '../../shared/action';
import { PlanStep } from '../../shared/run-events';
import type { ToolSpec } from '../../shared/llm';
import { lazy } from '../../shared/lazy';

/** Every action kind the model may name; the tool schema below lists them once. */
const kinds = () => AgentAction.options.map((o) => o.shape.kind.value) as [AgentAction['kind'], ...AgentAction['kind'][]];

/**
 * One action as the model writes it in a tool call: a flat object, the kind plus the fields that
 * kind takes. The shared AgentAction union says the same thing, but as JSON Schema it is one branch
 * per kind with every field repeated, about 970 tokens in every policy and reflection request;
 * this is about a third of that. Replies are still checked with AgentAction (validateActions,
 * reflect), so nothing the flat form lets through can run unchecked.
 */
export const ModelAction = lazy(() => z.object({
  kind: z.enum(kinds()),
  // a plain number: .int() would add JSON Schema's 64-bit bounds, a dozen tokens per request
  id: z.number().optional().describe('element id from the page; press/scroll/wait may omit it'),
  text: z.string().optional().describe('type: the text; wait: text to wait for'),
  mode: z.enum(['replace', 'append']).optional().describe('type: replace (default) or append'),
  values: z.array(z.string()).optional().describe('select: option labels'),
  checked: z.boolean().optional().describe('check: true ticks (default), false unticks'),
  keys: z.string().optional().describe('press: e.g. "Enter", "Control+A"'),
  direction: z.enum(['up', 'down', 'left', 'right', 'into_view']).optional().describe('scroll'),
  url: z.string().optional().describe('navigate, open_tab'),
  file: z.string().optional().describe('upload: the name of a file the person attached'),
  n: z.number().optional().describe('switch_tab, close_tab: tab number'),
  x: z.number().optional().describe('click_at: pixels from the screenshot\'s left edge'),
  y: z.number().optional().describe('click_at: pixels from its top edge'),
  summary: z.string().optional().describe('done: what was achieved'),
  question: z.string().optional().describe('ask_user: the question for the person'),
}));

/** Tool schemas for models with function calling; the provider adapter turns them into JSON Schema. */
export const ActArgs = lazy(() => z.object({
  thought: z.string().describe('one or two short sentences of reasoning'),
  actions: z.array(ModelAction).min(1).describe('actions to run in order on the current page'),
}));

export const PlanArgs = lazy(() => z.object({
  reasoning: z.string().describe('one to three short sentences'),
  steps: z.array(PlanStep).describe('web policy calls in order; empty when the task is finished'),
}));

export const ReflectArgs = lazy(() => z.object({
  diagnosis: z.string(),
  step: z.coerce.number().int().nonnegative().describe('index of the earliest wrong step'),
  correction: ModelAction.describe('the action that should have been taken at that step'),
}));

export const actTool: ToolSpec = {
  name: 'act',
  description: 'Run actions on the current page, in order.',
  schema: ActArgs,
};
export const planTool: ToolSpec = {
  name: 'plan',
  description: 'Give the plan as a list of web policy calls.',
  schema: PlanArgs,
};
export const reflectTool: ToolSpec = {
  name: 'reflect',
  description: 'Name the earliest wrong step and the action that should have been taken.',
  schema: ReflectArgs,
};
