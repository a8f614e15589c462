import type { HandlerMap } from '../shared/protocol-core';
import type { Messages, NamesFor } from '../shared/protocol';

/** Handlers the service worker registers: what the side panel, content scripts and the offscreen document send it. */
export type BackgroundHandlers = Partial<
  HandlerMap<Pick<Messages, NamesFor<'panel->background' | 'content->background' | 'offscreen->background'>>>
>;
