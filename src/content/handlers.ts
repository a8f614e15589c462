import type { HandlerMap } from '../shared/protocol-core';
import type { Messages, NamesFor } from '../shared/protocol';

/** Handlers a content script registers: what the service worker sends to the page. */
export type ContentHandlers = Partial<HandlerMap<Pick<Messages, NamesFor<'background->content'>>>>;
