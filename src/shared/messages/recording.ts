import type { MessageDef } from '../protocol-core';

/** Messages of the recording feature (filled in by that feature). */
export const recordingMessages = {} satisfies Record<string, MessageDef>;
