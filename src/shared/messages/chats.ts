// The chat history: earlier chats are listed and reopened by the panel from IndexedDB; deleting
// one goes through the service worker, which owns what is stored.
import { z } from 'zod';
import { defineMessage, type MessageDef } from '../protocol-core';
import { lazy } from '../lazy';

export const chatsMessages = {
  'chat.delete': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Delete a chat with its messages, runs and timeline (refused while a task in it is going on).',
    params: z.object({ chatId: z.string().min(1) }),
    result: z.object({ ok: z.boolean(), message: z.string().default('') }),
  })),
} satisfies Record<string, MessageDef>;
