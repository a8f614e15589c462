import type { z } from 'zod';
import type { ClickAction } from '../../shared/action';
import { pointerSequence } from './events';
import { locate } from './target';

const BUTTONS = { left: 0, middle: 1, right: 2 } as const;

export async function click(a: z.output<typeof ClickAction>): Promise<void> {
  const t = await locate(a.id, 'pointer');
  const button = BUTTONS[a.button];
  pointerSequence(t.hitTarget, t.x, t.y, { button, modifiers: a.modifiers });
  const view = t.hitTarget.ownerDocument.defaultView ?? window;
  const init = { bubbles: true, cancelable: true, composed: true, view, clientX: t.x, clientY: t.y, button, ctrlKey: a.modifiers.includes('Control'), metaKey: a.modifiers.includes('Meta'), shiftKey: a.modifiers.includes('Shift'), altKey: a.modifiers.includes('Alt') };
  if (a.button === 'right') t.hitTarget.dispatchEvent(new view.MouseEvent('contextmenu', init));
  else if (a.button === 'middle') t.hitTarget.dispatchEvent(new view.MouseEvent('auxclick', init));
  else if (a.modifiers.length) t.hitTarget.dispatchEvent(new view.MouseEvent('click', init));
  // HTMLElement.click() runs the default action too (follow a link, toggle a checkbox, submit)
  else (t.hitTarget as HTMLElement).click();
}
