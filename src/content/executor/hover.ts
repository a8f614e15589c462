import type { z } from 'zod';
import type { HoverAction } from '../../shared/action';
import { hoverSequence } from './events';
import { locate } from './target';

export async function hover(a: z.output<typeof HoverAction>): Promise<void> {
  const t = await locate(a.id, 'hover');
  hoverSequence(t.hitTarget, t.x, t.y);
}
