import { z } from 'zod';
import { defineMessage } from '../protocol-core';
import { lazy } from '../lazy';

export const systemMessages = {
  'system.status': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Is the service worker up, since when, and is a provider configured.',
    params: z.object({}),
    result: z.object({ bootedAt: z.number(), version: z.string(), configured: z.boolean() }),
  })),
  'downloads.show': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Shows a download an action started in the browser\'s download folder (never opens it).',
    params: z.object({ id: z.number().int() }),
    result: z.object({ ok: z.boolean(), message: z.string() }),
  })),
  'tab.ping': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: 'Round trip panel -> service worker -> content script of a tab -> back.',
    params: z.object({ tabId: z.number().int() }),
    result: z.object({ url: z.string(), title: z.string(), readyAt: z.number(), frameUrl: z.string(), since: z.number().optional() }),
  })),
  'tab.prepare': lazy(() => defineMessage({
    direction: 'panel->background',
    doc: "The side panel shows this tab: its page gets the content script now, so a task or recording started there does not wait for it.",
    params: z.object({ tabId: z.number().int() }),
    result: z.object({ ok: z.boolean() }),
  })),
  'content.ping': lazy(() => defineMessage({
    direction: 'background->content',
    doc: 'Answered by the content script of the top frame.',
    params: z.object({}),
    result: z.object({ url: z.string(), title: z.string(), readyAt: z.number(), frameUrl: z.string(), since: z.number().optional() }),
  })),
};
