import type { Locator } from 'playwright-core';

/**
 * Picks an option of a native `<select>` as a person does: the browser's own list opened from the
 * keyboard (Alt+ArrowDown), arrows to the option, Enter. The page gets one trusted `input` and
 * `change`, and no key press of the page's own but Alt+ArrowDown (which records nothing). Playwright's
 * `selectOption` sets the value from script instead, with untrusted events, which a recording
 * ignores (docs/recording.md: only the person's trusted events are steps).
 * `option`: the option's label, text or value.
 */
export async function chooseOption(select: Locator, option: string): Promise<void> {
  const { from, to } = await select.evaluate((el, want) => {
    const s = el as HTMLSelectElement;
    const all = Array.from(s.options);
    return { from: s.selectedIndex, to: all.findIndex((o) => o.label === want || o.text.trim() === want || o.value === want) };
  }, option);
  if (to < 0) throw new Error(`the select has no option "${option}"`);
  if (from === to) return;
  const keyboard = select.page().keyboard;
  await select.focus();
  await keyboard.press('Alt+ArrowDown');
  // the list is a window of the browser's: let it open before the arrows, which would otherwise reach the page
  await select.page().waitForTimeout(100);
  for (let i = Math.max(from, 0); i !== to; i += to > i ? 1 : -1) await keyboard.press(to > i ? 'ArrowDown' : 'ArrowUp');
  await keyboard.press('Enter');
  const now = await select.evaluate((el) => (el as HTMLSelectElement).selectedIndex);
  if (now !== to) throw new Error(`chose option ${now} of the select, not ${to} ("${option}")`);
}
