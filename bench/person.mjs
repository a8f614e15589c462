// A native <select> picked as a person picks it while the recorder watches: the browser's own list
// opened from the keyboard, arrows, Enter (trusted input). Playwright's selectOption sets the value
// from script with untrusted events, which a recording ignores (docs/recording.md), so a recorded
// gold script uses this; the timed plain script keeps selectOption, which is the fair baseline.
// The tests' copy is test/support/person.ts (TypeScript, for the e2e suites).
export async function choose(select, option, recording) {
  if (!recording) return select.selectOption(option);
  const { from, to } = await select.evaluate((el, want) => {
    const all = Array.from(el.options);
    return { from: el.selectedIndex, to: all.findIndex((o) => o.label === want || o.text.trim() === want || o.value === want) };
  }, option);
  if (to < 0) throw new Error(`the select has no option "${option}"`);
  if (from === to) return;
  const keyboard = select.page().keyboard;
  await select.focus();
  await keyboard.press('Alt+ArrowDown');
  await select.page().waitForTimeout(100);
  for (let i = Math.max(from, 0); i !== to; i += to > i ? 1 : -1) await keyboard.press(to > i ? 'ArrowDown' : 'ArrowUp');
  await keyboard.press('Enter');
}
