import type { z } from 'zod';
import type { DoubleClickAction } from '../../shared/action';
import { pointerSequence } from './events';
import { locate } from './target';

export async function doubleClick(a: z.output<typeof DoubleClickAction>): Promise<void> {
  const t = await locate(a.id, 'pointer');
  const el = t.hitTarget as HTMLElement;
  const view = el.ownerDocument.defaultView ?? window;
  pointerSequence(el, t.x, t.y, { detail: 1 });
  el.click();
  pointerSequence(el, t.x, t.y, { detail: 2 });
  el.dispatchEvent(new view.MouseEvent('click', { bubbles: true, cancelable: true, composed: true, view, clientX: t.x, clientY: t.y, detail: 2 }));
  el.dispatchEvent(new view.MouseEvent('dblclick', { bubbles: true, cancelable: true, composed: true, view, clientX: t.x, clientY: t.y, detail: 2 }));
}
