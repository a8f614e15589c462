import type { Page } from 'playwright-core';
import { LABEL_HEIGHT } from '../../../src/background/vision/draw';
import type { AgentSession } from '../../support/agent-session';
import type { RecordedRequest } from '../../support/llm-server';
import { isPlanner, isPolicy } from '../../support/model-reading';
import { decodeJpeg, type Pixels } from '../../support/images';
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

/**
 * Scripts a run that plans one CLICK on the chart and whose policy only looks: the picture it was
 * sent, decoded, is what the returned function gives (undefined until the model got one).
 */
export function pictureOfOneLook(s: AgentSession): () => Pixels | undefined {
  let pixels: Pixels | undefined;
  s.llm.script(plannerOnce('CLICK', 'the chart'), {
    name: 'look',
    match: (r) => isPolicy(r, 'CLICK'),
    answer: (r) => {
      pixels = decodeJpeg(onlyImage(r).bytes);
      return { toolCalls: [{ name: 'act', args: { thought: 'Nothing to press.', actions: [{ kind: 'done', summary: 'looked' }] } }] };
    },
  });
  return () => pixels;
}

/** The viewport in CSS pixels, as the page sees it. */
export const viewportOf = (page: Page) => page.evaluate(() => ({ w: window.innerWidth, h: window.innerHeight }));

/** The one picture a request carries, or an error saying what came instead. */
export function onlyImage(r: RecordedRequest) {
  if (r.images.length !== 1) throw new Error(`expected one picture in the request, got ${r.images.length}`);
  return r.images[0]!;
}

/** Where each element of the page model that is on screen should have its label, from the page's own boxes. */
export async function labelsExpected(page: Page, pageText: string, picture: { width: number; height: number }, scale: number): Promise<{ id: number; x: number; y: number }[]> {
  const vp = await viewportOf(page);
  const out: { id: number; x: number; y: number }[] = [];
  for (const m of pageText.matchAll(/<(\w+)\b[^>]*?\bid=(\d+)[^>]*>([^<]*)/g)) {
    const [, tag, id, text] = m;
    const all = page.locator(tag!);
    const el = text!.trim() ? all.filter({ hasText: new RegExp(`^\\s*${text!.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`) }) : all;
    if ((await el.count()) !== 1) throw new Error(`no one element in the page for <${tag} id=${id}>${text}`);
    const box = (await el.boundingBox())!;
    if (box.x + box.width <= 0 || box.y + box.height <= 0 || box.x >= vp.w || box.y >= vp.h) continue;
    // docs/screenshots.md: just above the box's top-left corner, on it when that would leave the picture
    const top = box.y * scale - LABEL_HEIGHT >= 0 ? box.y * scale - LABEL_HEIGHT : box.y * scale;
    out.push({ id: Number(id), x: Math.max(0, box.x * scale), y: Math.min(Math.max(0, top), picture.height - LABEL_HEIGHT) });
  }
  return out.sort((a, b) => a.id - b.id);
}
