import { lookupIn, type MessageDef } from './protocol-core';
import { systemMessages } from './messages/system';
import { pageMessages } from './messages/page';
import { recordingMessages } from './messages/recording';
import { replayPageMessages } from './messages/replay-page';
import { overlayMessages } from './messages/overlay';

/**
 * The part of the registry (./protocol.ts) that a content script receives, built from the same
 * groups. The content script checks what it receives with these schemas and imports nothing else
 * of the registry: it runs in every page a person opens, and building every schema of every
 * message (settings, workflows, chats, ...) would cost each page load that time.
 */
const received = { ...systemMessages, ...pageMessages, ...recordingMessages, ...replayPageMessages, ...overlayMessages } satisfies Record<string, MessageDef>;

export const contentLookup = lookupIn(received);
