import type { z } from 'zod';
import { lookupIn, type MessageDef, type Direction } from './protocol-core';
import { systemMessages } from './messages/system';
import { settingsMessages } from './messages/settings';
import { pageMessages } from './messages/page';
import { agentMessages } from './messages/agent';
import { recordingMessages } from './messages/recording';
import { memoryMessages } from './messages/memory';
import { workflowsMessages } from './messages/workflows';
import { replayPageMessages } from './messages/replay-page';
import { offscreenMessages } from './messages/offscreen';
import { overlayMessages } from './messages/overlay';
import { chatsMessages } from './messages/chats';
import { schedulesMessages } from './messages/schedules';
import { appsMessages } from './messages/apps';
import { runsMessages } from './messages/runs';

/**
 * The registry: every message any context sends, by name. Adding a message means adding it to
 * one of the groups in ./messages; senders and receivers are typed from here, and receivers
 * validate params (and their own results) with these schemas.
 */
export const messages = {
  ...systemMessages,
  ...settingsMessages,
  ...pageMessages,
  ...agentMessages,
  ...runsMessages,
  ...recordingMessages,
  ...memoryMessages,
  ...workflowsMessages,
  ...replayPageMessages,
  ...offscreenMessages,
  ...overlayMessages,
  ...chatsMessages,
  ...schedulesMessages,
  ...appsMessages,
} satisfies Record<string, MessageDef>;

export type Messages = typeof messages;
export type MessageName = keyof Messages;
export type Params<N extends MessageName> = z.input<Messages[N]['params']>;
export type Result<N extends MessageName> = z.output<Messages[N]['result']>;

/** Names of the messages that travel in one direction, e.g. NamesFor<'background->content'>. */
export type NamesFor<D extends Direction> = {
  [N in MessageName]: Messages[N]['direction'] extends D ? N : never;
}[MessageName];

export const lookup = lookupIn(messages);
