import type { BrowserPort } from '../ports';

/** The optional seeing parts of a browser port, sent to whichever tab is current (the tab router's). */
export function withVision(router: BrowserPort, base: BrowserPort, current: () => BrowserPort): void {
  if (base.viewport) router.viewport = async () => current().viewport!();
  if (base.screenshot) router.screenshot = async (reason) => (await current().screenshot?.(reason)) ?? null;
  if (base.describeAt) router.describeAt = async (x, y) => (await current().describeAt?.(x, y)) ?? null;
}
