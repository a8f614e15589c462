import { currentTrial, taskText, type PlanRecord } from '../run-state';
import { plannerExamples } from '../exemplars';
import { interpretPlan } from '../output/plan-parse';
import { planTool } from '../output/tools';
import { actionLine } from '../../core/actions/validate';
import { CAPS, fencePageText, pageLine } from '../../core/prompts/page-fence';
import { renderPrompt } from '../../core/prompts/render';
import { templates } from '../../core/prompts/templates';
import { withContextRetry } from '../model/call';
import { conversationText, look } from './observe';
import { askUntilUsable } from './repair';
import { followUpsText, markFollowUpsRead, unreadFollowUps } from '../follow-ups';
import { filesRead } from './downloaded';
import type { Ctx } from '../ctx';

/** What this attempt did so far, for the planner: finished policy calls and the actions under them. */
function progressText(ctx: Ctx): string {
  const trial = currentTrial(ctx.run);
  if (!trial.steps.length) return '(nothing yet)';
  return trial.steps
    .map((s) => pageLine(`- ${s.policy}: ${actionLine(s.action)}${s.line ? ` on ${s.line}` : ''} -> ${s.change?.summary || s.change?.kind || 'ok'}`, CAPS.step))
    .join('\n');
}

/** HeaP's high-level planner: the task and the page in, a list of web policy calls out. */
export async function makePlan(ctx: Ctx): Promise<PlanRecord> {
  const { run } = ctx;
  const tools = run.config.useTools;
  // a policy that looks at the page is offered only when the policy model gets screenshots
  const policies = ctx.policies.list().filter((p) => !p.looks || ctx.run.config.screenshots).map((p) => `- ${p.usage}`).join('\n');
  const notes = unreadFollowUps(ctx);
  const result = await withContextRetry(ctx, async () => {
    const { snapshot } = await look(ctx);
    const { system, user } = renderPrompt(
      templates.planner,
      {
        system: { policies, format: (tools ? templates.plannerFormatTools : templates.plannerFormatText).trim() },
        user: {
          examples: plannerExamples(run.exemplars, run.config.exampleBudget, (name) => !!ctx.policies.get(name)),
          conversation: conversationText(ctx),
          task: taskText(run),
          followUps: followUpsText(notes),
          progress: [progressText(ctx), ...currentTrial(run).plannerNotes.map((n) => pageLine(`- Check before finishing: ${n}`, CAPS.step))].join('\n'),
          downloads: filesRead(ctx, currentTrial(run).steps),
          url: pageLine(snapshot.url, CAPS.url),
          title: pageLine(snapshot.title, CAPS.title),
          page: fencePageText(snapshot.text),
        },
      },
      'planner',
    );
    return askUntilUsable(
      ctx,
      {
        role: 'planner',
        system,
        messages: [{ role: 'user', content: user }],
        ...(tools ? { tools: [planTool], toolChoice: planTool.name } : {}),
      },
      (response) => interpretPlan(response, ctx.policies, tools),
      tools ? 'Call the plan tool.' : 'Write `Reasoning:` and then `Plan:` with one policy call a line, or `Plan:` and `DONE`.',
    );
  });
  const plan: PlanRecord = { reasoning: result.value.reasoning, steps: result.value.steps };
  const trial = currentTrial(run);
  trial.plans.push(plan);
  trial.planNo = trial.plans.length - 1;
  trial.planIndex = 0;
  markFollowUpsRead(ctx, notes);
  trial.plannerNotes = [];
  if (plan.reasoning) ctx.emit({ type: 'thought', source: 'planner', text: plan.reasoning });
  ctx.emit({ type: 'plan', trial: trial.n, planNo: trial.planNo, reasoning: plan.reasoning, steps: plan.steps });
  await ctx.save();
  return plan;
}
