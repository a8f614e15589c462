import { z } from 'zod';
import { lazy } from '../shared/lazy';

/** Limits and switches for one agent. Everything has a default that suits a chat run. */
export const AgentConfig = lazy(() => z.object({
  /** trials per task, counting the first (structured reflection retries the rest) */
  maxTrials: z.number().int().min(1).max(10).default(3),
  /** browser actions per run, over all trials */
  maxSteps: z.number().int().min(1).default(60),
  /** wall-clock limit per run */
  timeLimitMs: z.number().int().positive().default(10 * 60_000),
  /** model calls inside one policy call before it gives up */
  maxPolicyTurns: z.number().int().min(1).default(8),
  /** planner calls per trial */
  maxPlans: z.number().int().min(1).default(6),
  /** RCI grounding: how many times a bad reply is sent back before the step fails */
  groundingRetries: z.number().int().min(0).max(5).default(3),
  /** snapshots in a row that show no change before the trial ends as no_change */
  noChangeLimit: z.number().int().min(1).default(2),
  pageBudget: z.number().int().min(200).default(4000),
  /** tokens of retrieved examples per prompt */
  exampleBudget: z.number().int().min(0).default(1500),
  /** function calling when the model supports it; plain-text grammar otherwise */
  useTools: z.boolean().default(true),
  /** the iterative baseline: one action per model call instead of every action the screen allows */
  oneActionPerCall: z.boolean().default(false),
  /** stream model text to the panel as text_delta events */
  stream: z.boolean().default(true),
  maxOutputTokens: z.number().int().positive().default(1024),
  /** the policy model sees pictures and the person lets it: screenshots go beside the page text where it is thin */
  screenshots: z.boolean().default(false),
  /** the person sees the first plan and its effects before anything is done, and approves them once (plan-approval.ts) */
  approvePlan: z.boolean().default(false),
}));
export type AgentConfig = z.infer<typeof AgentConfig>;
export type AgentConfigInput = z.input<typeof AgentConfig>;
