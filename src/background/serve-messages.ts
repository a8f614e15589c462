import { classifySender, dispatch, listen } from '../platform/rpc';
import { bootOf } from '../platform/wake';
import type { HandlerMap, Lookup } from '../shared/protocol-core';
import type { Messages } from '../shared/protocol';

/**
 * The background's messages go to `handlers`: in Chrome through the boot (src/background/boot.ts),
 * which owns the one message listener and hands every message to main once main is loaded (main
 * checks it against its own registry, as `listen` does); without a boot (Firefox, tests) straight
 * from the browser.
 */
export function serveMessages(handlers: Partial<HandlerMap<Messages>>, lookup: Lookup): void {
  const boot = bootOf();
  if (boot) boot.serve((raw, sender) => dispatch('background', handlers as Parameters<typeof dispatch>[1], raw, classifySender(sender), lookup));
  else listen('background', handlers, lookup);
}
