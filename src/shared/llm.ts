import type { z } from 'zod';
import type { ModelRole } from './settings';

/** A tool the model may call; the schema is zod so that arguments are validated on the way back. */
export interface ToolSpec {
  name: string;
  description: string;
  schema: z.ZodObject;
}

/** A picture sent beside a turn's text (a screenshot of the viewport), base64 without a data: prefix. */
export interface ImagePart {
  mediaType: 'image/jpeg' | 'image/png';
  data: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
  /** pictures after the text, for models that see; only user turns carry them */
  images?: ImagePart[];
}

export interface LlmRequest {
  /** picks the configured model for this role */
  role: ModelRole;
  system: string;
  messages: ChatTurn[];
  tools?: ToolSpec[];
  /** force a call to this tool when the provider supports it */
  toolChoice?: string;
  maxTokens?: number;
  /** streamed text as it arrives, for the side panel */
  onText?: (delta: string) => void;
  signal?: AbortSignalLike;
}

/** The part of AbortSignal the core needs; the pure core has no DOM lib, and the real AbortSignal fits. */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: 'abort', listener: () => void): void;
}

export interface ToolCall {
  name: string;
  /** raw arguments as the model sent them; validate against the ToolSpec schema */
  args: unknown;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface LlmResponse {
  text: string;
  toolCalls: ToolCall[];
  usage: Usage;
  model: string;
  stopReason: string;
}

/** The agent's only way to reach a model. Implemented over the official SDKs in the service worker. */
export interface LlmClient {
  complete(request: LlmRequest): Promise<LlmResponse>;
}

/** Provider failures, classified so the agent and the panel can say what to do. */
export type LlmErrorKind =
  | 'auth'
  | 'rate_limit'
  | 'server'
  | 'timeout'
  | 'unreachable'
  | 'context_length'
  | 'bad_request'
  | 'not_configured'
  | 'aborted';

export class LlmError extends Error {
  constructor(
    readonly kind: LlmErrorKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'LlmError';
  }
}
