import type { ElementHandle, Frame, Page } from 'puppeteer-core';
import { PuppeteerRunnerExtension, selectorToPElementSelector, type Schema } from '@puppeteer/replay';

/** What one exported selector found just before its step ran. */
export interface SelectorFinding {
  step: number;
  selector: string;
  /** how many elements it matched; anything but 1 is a problem (0 is useless, 2+ may act on another element) */
  count: number;
  /** it matched one element, but not the one the step's other selectors agree on */
  other: boolean;
}

const frameOf = (page: Page, step: Schema.Step): Frame => {
  let frame = page.mainFrame();
  for (const i of ('frame' in step && step.frame) || []) frame = frame.childFrames()[i] ?? frame;
  return frame;
};

async function matches(frame: Frame, selector: Schema.Selector): Promise<ElementHandle[]> {
  return frame.$$(selectorToPElementSelector(selector)).catch(() => []);
}

/**
 * Chrome's runner races every selector of a step and acts on whatever the first one finds. Before
 * each step this extension of it counts what each selector matches on the live page, once the
 * step's element is there: an exported selector should match exactly the element its siblings match.
 */
export class SelectorCheckingExtension extends PuppeteerRunnerExtension {
  findings: SelectorFinding[] = [];
  #index = 0;

  override async beforeEachStep(step: Schema.Step, flow?: Schema.UserFlow): Promise<void> {
    await super.beforeEachStep?.(step, flow);
    const index = this.#index++;
    if (!('selectors' in step) || step.type === 'waitForElement') return;
    const page = this.page;
    let found: ElementHandle[][] = [];
    for (const end = Date.now() + 5_000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) {
      const frame = frameOf(page, step);
      found = await Promise.all(step.selectors.map((s) => matches(frame, s)));
      if (found.some((f) => f.length)) break;
    }
    // settle: a list that is still filling in would show too few matches
    await new Promise((r) => setTimeout(r, 100));
    found = await Promise.all(step.selectors.map((s) => matches(frameOf(page, step), s)));
    const single = found.filter((f) => f.length === 1).map((f) => f[0]!);
    const reference = single[0];
    for (const [i, f] of found.entries()) {
      const other = f.length === 1 && !!reference && !(await f[0]!.evaluate((a, b) => a === b, reference));
      this.findings.push({ step: index, selector: JSON.stringify(step.selectors[i]), count: f.length, other });
    }
    await Promise.all(found.flat().map((h) => h.dispose()));
  }
}
