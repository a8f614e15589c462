import type { RunStatus } from './run-state';
import { LimitReached, StopRun } from './control';
import { ModelCallFailed } from './model/call';
import { GroundingFailed } from './loop/repair';
import { forgetFileTexts } from './loop/downloaded';
import type { Ctx } from './ctx';

export interface RunOutcome {
  runId: string;
  status: RunStatus;
  success: boolean;
  summary: string;
  error?: { kind: string; message: string };
}

export function outcomeOf(ctx: Ctx): RunOutcome {
  const { run } = ctx;
  return {
    runId: run.runId,
    status: run.status,
    success: run.result?.success ?? false,
    summary: run.result?.summary ?? run.error?.message ?? '',
    ...(run.error ? { error: run.error } : {}),
  };
}

export async function finish(ctx: Ctx, success: boolean, summary: string): Promise<RunOutcome> {
  ctx.run.status = success ? 'done' : 'failed';
  ctx.run.result = { success, summary };
  forgetFileTexts(ctx.run.trials);
  ctx.emit({ type: 'done', success, summary });
  await ctx.save();
  return outcomeOf(ctx);
}

/** Ends a run on an error, persisted so the panel can show it and, where it makes sense, resume. */
export async function fail(ctx: Ctx, error: unknown): Promise<RunOutcome> {
  const { run } = ctx;
  if (error instanceof StopRun) {
    run.status = 'stopped';
    forgetFileTexts(run.trials);
    ctx.emit({ type: 'stopped', reason: error.reason });
    await ctx.save();
    return outcomeOf(ctx);
  }
  if (error instanceof LimitReached) return finish(ctx, false, error.message);
  // in the person's words first; what the model got wrong is behind Details (the panel folds it)
  if (error instanceof GroundingFailed) return finish(ctx, false, `The model kept answering in a way the co-pilot could not act on, even when told what was wrong. Try again, or retry with another model.\nDetails: ${error.reason}`);
  const { kind, message, resumable } = describe(ctx, error);
  run.status = 'error';
  run.error = { kind, message };
  ctx.emit({ type: 'error', kind, message, resumable });
  await ctx.save();
  return outcomeOf(ctx);
}

function describe(ctx: Ctx, error: unknown): { kind: string; message: string; resumable: boolean } {
  const said = described(ctx, error);
  // "your OpenAI-compatible server refused…" begins a sentence
  return { ...said, message: said.message.replace(/^./, (c) => c.toUpperCase()) };
}

function described(ctx: Ctx, error: unknown): { kind: string; message: string; resumable: boolean } {
  if (error instanceof ModelCallFailed) {
    const provider = ctx.ports.providerLabel?.(error.role) ?? 'the provider';
    switch (error.kind) {
      case 'auth':
        return {
          kind: 'auth',
          // in the person's words: which model role failed is the code's business, not theirs
          message: `${provider} refused the API key. Check the key in Settings, then resume.`,
          resumable: true,
        };
      case 'not_configured':
        return { kind: 'not_configured', message: 'No model is set up yet: choose a provider and key in Settings.', resumable: true };
      case 'context_length':
        return {
          kind: 'context_length',
          message: `The page is too long for the model, even when only part of it (${ctx.run.pageBudget} tokens) is sent.`,
          resumable: true,
        };
      case 'aborted':
        return { kind: 'aborted', message: 'The model call was cancelled.', resumable: true };
      default: {
        // "The provider had an error (HTTP 503)…" names it once, as the person set it up, not twice
        const m = error.error.message;
        const said = /^The provider /.test(m) ? m.replace(/^The provider/, provider) : `${provider} failed: ${m}`;
        return { kind: error.kind, message: `${said.replace(/\.?$/, '.')} The run is saved; resume to continue.`, resumable: true };
      }
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'internal', message: `The run stopped on an unexpected error: ${message}`, resumable: true };
}
