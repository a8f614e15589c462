import type { Page } from 'playwright-core';
import type { AgentSession } from '../../support/agent-session';
import type { RecordedRequest } from '../../support/llm-server';
import { isPlanner } from '../../support/model-reading';
import { planOnce } from '../../support/scripted-web-model';

/** Turns "send screenshots" on for the scripted policy model, in the Settings tab, as a person would. */
export async function turnScreenshotsOn(s: AgentSession): Promise<void> {
  const panel = await s.ext.openPanel();
  await panel.getByRole('tab', { name: 'Settings' }).click();
  const box = panel.getByRole('checkbox', { name: 'Send screenshots to scripted-policy' });
  // a model not known to see starts with it off
  if (await box.isChecked()) throw new Error('screenshots were on by default for a model not known to see');
  await box.check();
  await panel.getByRole('button', { name: 'Save' }).click();
  await panel.getByText('Saved.').waitFor();
  await panel.close();
}

/** A planner that calls one policy once, then finishes when called again (the shared planOnce). */
export const plannerOnce = (policy: string, target: string) => ({ name: 'planner', match: isPlanner, answer: planOnce('One step.', [{ policy, target }], 'Finished.') });

/** The viewport in CSS pixels, as the page sees it. */
export const viewportOf = (page: Page) => page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));

/** The one picture a request carries, or an error saying what came instead. */
export function onlyImage(r: RecordedRequest) {
  if (r.images.length !== 1) throw new Error(`expected one picture in the request, got ${r.images.length}`);
  return r.images[0]!;
}
