import { z } from 'zod';
import { lazy } from './lazy';
import { isEnvelope as isEnvelopeShape } from './envelope';

/**
 * Who may send a message to whom. The receiver checks the sender's context, which the
 * browser fills in (sender.url, sender.tab), against this; a page's content script can
 * therefore never reach a panel->background handler such as settings or model calls.
 */
export type Direction =
  | 'panel->background'
  | 'content->background'
  | 'offscreen->background'
  | 'background->content'
  | 'background->offscreen';

export type Context = 'panel' | 'background' | 'content' | 'offscreen';

export interface MessageDef<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType, D extends Direction = Direction> {
  direction: D;
  params: P;
  result: R;
  /** one line for readers of the registry */
  doc: string;
}

export function defineMessage<P extends z.ZodType, R extends z.ZodType, D extends Direction>(def: MessageDef<P, R, D>): MessageDef<P, R, D> {
  return def;
}

/** Finds a message's definition by name, in the whole registry or in the part a context receives. */
export type Lookup = (name: string) => MessageDef | undefined;

export function lookupIn(registry: Record<string, MessageDef>): Lookup {
  return (name) => (Object.hasOwn(registry, name) ? registry[name] : undefined);
}

export const senderOf = (d: Direction): Context => d.split('->')[0] as Context;
export const receiverOf = (d: Direction): Context => d.split('->')[1] as Context;

/** The answer of a message that only says whether it worked, and why not. */
export const Ack = lazy(() => z.object({ ok: z.boolean(), message: z.string().default('') }));

/** What travels over chrome.runtime / chrome.tabs messaging. */
export const Envelope = lazy(() => z.object({
  channel: z.literal('copilot'),
  name: z.string(),
  params: z.unknown(),
}));
export type Envelope = z.infer<typeof Envelope>;

/**
 * Envelope.safeParse(raw).success, without building the schema: every context's listener asks it
 * of every message, and building zod schemas was most of the work of a woken worker's first reply
 * (bench, "Extension"). A unit test holds the two answers the same.
 */
export function isEnvelope(raw: unknown): raw is Envelope {
  return isEnvelopeShape(raw);
}

export const RpcErrorCode = lazy(() => z.enum([
  'bad_envelope',
  'unknown_message',
  'forbidden',
  'bad_params',
  'bad_result',
  'handler_failed',
  'unreachable',
]));
export type RpcErrorCode = z.infer<typeof RpcErrorCode>;

export const Reply = lazy(() => z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), result: z.unknown() }),
  z.object({ ok: z.literal(false), error: z.object({ code: RpcErrorCode, message: z.string() }) }),
]));
export type Reply = z.infer<typeof Reply>;

export class RpcError extends Error {
  constructor(
    readonly code: RpcErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** A short, readable account of a zod failure: "params.tabId: expected number". */
export function describeZodError(error: z.ZodError): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`)
    .join('; ');
}

/** Who sent a message, as the browser reported it (never as the message claims). */
export interface SenderInfo {
  context: Context;
  tabId?: number;
  frameId?: number;
  url: string;
}

type Awaitable<T> = T | Promise<T>;

/** Handlers for a group of messages; params arrive already validated, results are validated before they leave. */
export type HandlerMap<M extends Record<string, MessageDef>> = {
  [K in keyof M]: (params: z.output<M[K]['params']>, sender: SenderInfo) => Awaitable<z.input<M[K]['result']>>;
};
