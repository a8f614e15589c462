import type { ActionResult, TabAction } from '../../shared/action';
import { currentTrial } from '../run-state';
import { closeTab } from './close-tab';
import { openTab } from './open-tab';
import { switchTab } from './switch-tab';
import type { Ctx } from '../ctx';

/** A tab action after the gate: the run's tab list changes, and the router follows it. */
export async function runTabAction(ctx: Ctx, action: TabAction): Promise<ActionResult> {
  const result = await byKind(ctx, action);
  // Coming back to a tab seen before is how a comparison across tabs goes, not the policy going
  // round in a circle: page states count as a cycle only within one stretch on one tab.
  if (result.ok) currentTrial(ctx.run).seen = [];
  return result;
}

function byKind(ctx: Ctx, action: TabAction): Promise<ActionResult> {
  switch (action.kind) {
    case 'open_tab':
      return openTab(ctx, action);
    case 'switch_tab':
      return switchTab(ctx, action);
    case 'close_tab':
      return closeTab(ctx, action);
  }
}
