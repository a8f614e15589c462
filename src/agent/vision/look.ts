import type { Screenshot } from '../../shared/vision';
import { isThin } from '../../core/vision/thin';
import type { Ctx, WebPolicy } from '../ctx';

/**
 * A screenshot to send beside the page model, or null. Only for a model that sees (the person's
 * "send screenshots" setting, config.screenshots) and only when it helps: the policy asks to look,
 * or the page model is thin for the visible area (src/core/vision/thin.ts). The text stays the
 * main view either way; a failed capture (the tab is not the visible one) leaves the text alone.
 */
export async function screenshotFor(ctx: Ctx, policy: WebPolicy): Promise<Screenshot | null> {
  const browser = ctx.ports.browser;
  if (!ctx.run.config.screenshots || !browser.screenshot || !browser.viewport) return null;
  let reason = 'this step asks to look at the page';
  if (!policy.looks) {
    const verdict = isThin((await browser.viewport()).stats);
    if (!verdict.thin) return null;
    reason = verdict.reason;
  }
  const shot = await browser.screenshot(reason);
  // the person sees that a picture of their page went to the model, and what was hidden in it
  if (shot) ctx.emit({ type: 'screenshot', reason, width: shot.width, height: shot.height, labels: shot.labels.length, blackedOut: shot.blackedOut });
  return shot;
}
