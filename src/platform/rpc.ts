import {
  Envelope,
  isEnvelope,
  Reply,
  RpcError,
  describeZodError,
  senderOf,
  receiverOf,
  type Context,
  type HandlerMap,
  type Lookup,
  type MessageDef,
  type SenderInfo,
} from '../shared/protocol-core';
// types only: the registry's schemas are the caller's to pass (a content script builds only its part)
import type { MessageName, Messages, Params, Result } from '../shared/protocol';
import { classifySender, classifyServiceWorker, isServiceWorker } from './sender';

/**
 * The one place that knows Chrome's messaging quirks (return true + sendResponse, "Receiving end
 * does not exist", lastError). Everything else sends and handles typed, validated messages.
 */

type AnyHandlers = Partial<Record<string, (params: unknown, sender: SenderInfo) => unknown>>;

export { classifySender, isServiceWorker, classifyServiceWorker } from './sender';

function fail(code: RpcError['code'], message: string): Reply {
  return { ok: false, error: { code, message } };
}

/** Validate and dispatch one envelope for the receiving context `self`, with the definitions `lookup` finds. */
export async function dispatch(
  self: Context,
  handlers: AnyHandlers,
  raw: unknown,
  sender: SenderInfo | undefined,
  lookup: Lookup,
): Promise<Reply> {
  if (!isEnvelope(raw)) {
    const refused = Envelope.safeParse(raw);
    return fail('bad_envelope', `Not a message of this extension: ${refused.success ? 'malformed' : describeZodError(refused.error)}`);
  }
  const { name, params } = raw;
  const def: MessageDef | undefined = lookup(name);
  const handler = handlers[name];
  if (!def || receiverOf(def.direction) !== self || !handler) return fail('unknown_message', `No handler for "${name}" here.`);
  if (!sender || sender.context !== senderOf(def.direction)) {
    return fail('forbidden', `"${name}" may only be sent by the ${senderOf(def.direction)}, not by ${sender?.context ?? 'an unknown sender'}.`);
  }
  const parsed = def.params.safeParse(params ?? {});
  if (!parsed.success) return fail('bad_params', `Bad parameters for "${name}": ${describeZodError(parsed.error)}`);
  let result: unknown;
  try {
    result = await handler(parsed.data, sender);
  } catch (error) {
    return fail('handler_failed', error instanceof Error ? error.message : String(error));
  }
  // A content script's result is checked by the service worker that receives it (sendToTab with
  // `results`): a page's process is no place to vouch for its own answers, and the page's main
  // thread is spared the work.
  if (self === 'content') return { ok: true, result };
  const checked = def.result.safeParse(result);
  if (!checked.success) return fail('bad_result', `"${name}" produced a bad result: ${describeZodError(checked.error)}`);
  return { ok: true, result: checked.data };
}

/**
 * Register handlers for messages this context receives, checked against the definitions `lookup`
 * finds. `classify` turns Chrome's sender into SenderInfo; a content script and the offscreen
 * document answer only the service worker, whatever their own classifier says.
 */
export function listen(
  self: Context,
  handlers: Partial<HandlerMap<Messages>>,
  lookup: Lookup,
  classify: (sender: chrome.runtime.MessageSender) => SenderInfo | undefined = self === 'background' ? classifySender : classifyServiceWorker,
): () => void {
  const listener = (raw: unknown, sender: chrome.runtime.MessageSender, sendResponse: (r: Reply) => void) => {
    if (!isEnvelope(raw)) return false;
    const name = raw.name;
    // The service worker answers every envelope, so a sender always learns why it was refused;
    // other contexts leave what they do not handle to other listeners (sub-frames ignore page messages).
    if (self !== 'background' && !(handlers as AnyHandlers)[name]) return false;
    const from = self === 'background' || isServiceWorker(sender) ? classify(sender) : undefined;
    void dispatch(self, handlers as AnyHandlers, raw, from, lookup).then(sendResponse);
    return true; // keeps the channel open for the async reply
  };
  chrome.runtime.onMessage.addListener(listener);
  return () => chrome.runtime.onMessage.removeListener(listener);
}

function unwrap<N extends MessageName>(name: N, reply: unknown): Result<N> {
  if (reply === undefined) throw new RpcError('unreachable', `Nobody answered "${name}".`);
  const parsed = Reply.safeParse(reply);
  if (!parsed.success) throw new RpcError('bad_result', `Malformed reply to "${name}".`);
  if (!parsed.data.ok) throw new RpcError(parsed.data.error.code, parsed.data.error.message);
  return parsed.data.result as Result<N>;
}

function isNoReceiver(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  // Chrome says these when the page navigated or closed while (or before) it was asked.
  return /Receiving end does not exist|Could not establish connection|message port closed|message channel closed|No tab with id|Frame with ID|page was unloaded/i.test(text);
}

async function withTimeout<T>(promise: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new RpcError('unreachable', `"${name}" got no answer within ${ms} ms.`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Send from a page (side panel, offscreen) or content script to the service worker. */
export async function send<N extends MessageName>(name: N, params: Params<N>, opts: { timeoutMs?: number } = {}): Promise<Result<N>> {
  try {
    const reply = await withTimeout(chrome.runtime.sendMessage({ channel: 'copilot', name, params }), opts.timeoutMs ?? 120_000, name);
    return unwrap(name, reply);
  } catch (error) {
    if (error instanceof RpcError) throw error;
    if (isNoReceiver(error)) throw new RpcError('unreachable', `The extension's service worker did not answer "${name}".`);
    throw error;
  }
}

/** The browser's words when a frame has no listener at all (no content script), as against one that left mid-answer. */
function isNoScript(error: unknown): boolean {
  return /Receiving end does not exist|Could not establish connection/i.test(error instanceof Error ? error.message : String(error));
}

/**
 * Send from the service worker to the content script of a tab (top frame unless frameId says
 * otherwise). `inject`: when the top frame has no script, it is asked to put one there (true once
 * it runs) and the message goes once more, within the same time limit.
 */
export async function sendToTab<N extends MessageName>(
  tabId: number,
  name: N,
  params: Params<N>,
  opts: { frameId?: number; timeoutMs?: number; results?: Lookup; inject?: (tabId: number) => Promise<boolean> } = {},
): Promise<Result<N>> {
  const frameId = opts.frameId ?? 0;
  const message = () => chrome.tabs.sendMessage(tabId, { channel: 'copilot', name, params }, { frameId });
  const sendAgainAfterInjecting = async (error: unknown): Promise<unknown> => {
    if (!opts.inject || frameId !== 0 || !isNoScript(error) || !(await opts.inject(tabId))) throw error;
    return message();
  };
  try {
    const reply = await withTimeout(message().catch(sendAgainAfterInjecting), opts.timeoutMs ?? 30_000, name);
    const result = unwrap(name, reply);
    const def = opts.results?.(name);
    if (!def) return result;
    const checked = def.result.safeParse(result);
    if (!checked.success) throw new RpcError('bad_result', `The page's answer to "${name}" is malformed: ${describeZodError(checked.error)}`);
    return checked.data as Result<N>;
  } catch (error) {
    if (error instanceof RpcError) throw error;
    if (isNoReceiver(error)) throw new RpcError('unreachable', `The page in tab ${tabId} is not ready (no content script answered "${name}").`);
    throw error;
  }
}

export type { Messages };
