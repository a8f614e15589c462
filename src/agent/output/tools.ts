import { z } from 'zod';
import { AgentAction } from '../../shared/action';
import { PlanStep } from '../../shared/run-events';
import type { ToolSpec } from '../../shared/llm';

/** Tool schemas for models with function calling; the provider adapter turns them into JSON Schema. */
export const ActArgs = z.object({
  thought: z.string().describe('one or two short sentences of reasoning'),
  actions: z.array(AgentAction).min(1).describe('actions to run in order on the current page'),
});

export const PlanArgs = z.object({
  reasoning: z.string().describe('one to three short sentences'),
  steps: z.array(PlanStep).describe('web policy calls in order; empty when the task is finished'),
});

export const ReflectArgs = z.object({
  diagnosis: z.string(),
  step: z.coerce.number().int().nonnegative().describe('index of the earliest wrong step'),
  correction: AgentAction.describe('the action that should have been taken at that step'),
});

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
