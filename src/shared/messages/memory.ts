import type { MessageDef } from '../protocol-core';

/** Messages of the memory feature (filled in by that feature). */
export const memoryMessages = {} satisfies Record<string, MessageDef>;
