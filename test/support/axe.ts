import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The serious and critical axe findings in the panel as it is now, in light and dark (the theme
 * is left as it was found), each as "scheme rule: targets". `include` narrows it to one part.
 */
export async function seriousAxe(panel: Page, include?: string): Promise<string[]> {
  const was = await panel.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await panel.emulateMedia({ colorScheme });
    const builder = new AxeBuilder({ page: panel });
    const r = await (include ? builder.include(include) : builder).analyze();
    for (const v of r.violations.filter((x) => x.impact === 'serious' || x.impact === 'critical')) {
      found.push(`${colorScheme} ${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    }
  }
  await panel.emulateMedia({ colorScheme: was });
  return found;
}
