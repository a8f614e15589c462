import type { MessageDef } from '../protocol-core';

/** Messages of the workflows feature (filled in by that feature). */
export const workflowsMessages = {} satisfies Record<string, MessageDef>;
