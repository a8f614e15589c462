import type { z } from 'zod';
import type { ClearAction } from '../../shared/action';
import { typeText } from './type';

export async function clear(a: z.output<typeof ClearAction>): Promise<void> {
  await typeText({ kind: 'type', id: a.id, text: '', mode: 'replace' });
}
