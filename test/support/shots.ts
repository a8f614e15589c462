import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

/** The panel widths a person gives the side panel, narrowest first. */
export const PANEL_WIDTHS = [320, 400, 480] as const;

/**
 * Pictures of the panel at each width (and theme) for a person to look at, outside the repository
 * (`PANEL_SHOTS` or the system's temp folder); `check` runs at each size before its picture.
 */
export async function shootPanel(panel: Page, name: string, opts: { schemes?: ('light' | 'dark')[]; height?: number; check?: (width: number) => Promise<void> } = {}): Promise<void> {
  const dir = process.env.PANEL_SHOTS ?? join(tmpdir(), 'panel-shots');
  mkdirSync(dir, { recursive: true });
  for (const width of PANEL_WIDTHS) {
    for (const colorScheme of opts.schemes ?? ['light', 'dark']) {
      await panel.setViewportSize({ width, height: opts.height ?? 640 });
      await panel.emulateMedia({ colorScheme });
      await opts.check?.(width);
      await panel.screenshot({ path: join(dir, `${name}-${width}-${colorScheme}.png`) });
    }
  }
}
