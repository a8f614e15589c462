import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { countTokens as strictCount } from 'gpt-tokenizer/encoding/o200k_base';
import { imageTokens } from './images';

// a page may contain special-token text (<|endoftext|>): a provider counts it as plain text
const countTokens = (text: string) => strictCount(text, { disallowedSpecial: new Set() });

/**
 * A scripted model provider on 127.0.0.1 speaking the real wire formats of Anthropic's
 * /v1/messages and OpenAI's /v1/chat/completions, streaming (SSE) and not, tool calls included.
 * The extension's real SDK clients talk to it through the configurable base URL. Each request is
 * answered by the first script rule that matches it, and recorded so tests can assert what was sent.
 */

export type ProviderKind = 'anthropic' | 'openai';

export interface RecordedRequest {
  provider: ProviderKind;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown>;
  model: string;
  /** x-api-key or the bearer token */
  apiKey: string;
  stream: boolean;
  system: string;
  /** every message's text content, in order (system excluded) */
  messages: { role: string; text: string }[];
  /** text of the last user message: what the model is being asked now */
  lastUser: string;
  toolNames: string[];
  /** pictures sent in the messages, in order, in either wire format (decode with test/support/images.ts) */
  images: RecordedImage[];
  /** tokens of system + messages, counted with a real BPE tokenizer (pictures by Anthropic's width*height/750) */
  inputTokens: number;
  /** which rule answered, or undefined when none matched */
  rule?: string;
}

export interface RecordedImage {
  /** which message (index in `messages`) carried it */
  message: number;
  mediaType: string;
  bytes: Buffer;
  /** how it was sent: Anthropic's base64 image block, or OpenAI's image_url data URL */
  format: 'anthropic-base64' | 'openai-data-url';
}

export type ScriptedAnswer =
  | {
      text?: string;
      toolCalls?: { name: string; args: unknown }[];
      model?: string;
      outputTokens?: number;
      stopReason?: string;
      /** answer only after this long, as a slow model would */
      delayMs?: number;
    }
  | { error: { status: number; message?: string; headers?: Record<string, string>; type?: string } }
  | { hang: true }
  | { malformed: true };

export interface Rule {
  name?: string;
  match?: (req: RecordedRequest) => boolean;
  /** a function may answer later (a promise), as a model that waits for something would */
  answer: ScriptedAnswer | ((req: RecordedRequest) => ScriptedAnswer | Promise<ScriptedAnswer>);
  /** how many requests this rule answers; unlimited when omitted */
  times?: number;
}

export interface LlmServer {
  url: string;
  anthropicBaseUrl: string;
  openaiBaseUrl: string;
  requests: RecordedRequest[];
  script(...rules: Rule[]): void;
  clear(): void;
  close(): Promise<void>;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content
      .filter((part: Record<string, unknown>) => part.type !== 'image' && part.type !== 'image_url')
      .map((part: Record<string, unknown>) => (typeof part.text === 'string' ? part.text : typeof part.content === 'string' ? part.content : JSON.stringify(part.input ?? part.content ?? '')))
      .join('\n');
  }
  return '';
}

function record(provider: ProviderKind, req: IncomingMessage, body: Record<string, unknown>): RecordedRequest {
  const rawMessages = Array.isArray(body.messages) ? (body.messages as { role: string; content: unknown }[]) : [];
  let system = provider === 'anthropic' ? textOf(body.system) : '';
  const messages: RecordedRequest['messages'] = [];
  const images: RecordedImage[] = [];
  for (const m of rawMessages) {
    if (provider === 'openai' && m.role === 'system') system += textOf(m.content);
    else {
      images.push(...imagesOf(m.content, messages.length));
      messages.push({ role: m.role, text: textOf(m.content) });
    }
  }
  const tools = Array.isArray(body.tools) ? (body.tools as Record<string, unknown>[]) : [];
  const auth = String(req.headers.authorization ?? '');
  return {
    provider,
    path: req.url ?? '',
    headers: req.headers,
    body,
    model: String(body.model ?? ''),
    // Anthropic's SDK sends x-api-key or, in its newer versions, a bearer token; OpenAI's a bearer token.
    apiKey: String(req.headers['x-api-key'] ?? '') || auth.replace(/^Bearer\s+/i, ''),
    stream: body.stream === true,
    system,
    messages,
    lastUser: [...messages].reverse().find((m) => m.role === 'user')?.text ?? '',
    toolNames: tools.map((t) => String(t.name ?? (t.function as { name?: string } | undefined)?.name ?? '')),
    images,
    inputTokens: countTokens(system + messages.map((m) => m.text).join('\n')) + images.reduce((n, img) => n + imageTokens(img.bytes), 0),
  };
}

/** Image parts of a message in either provider's format; anything else that claims to be one is an error the test sees. */
function imagesOf(content: unknown, message: number): RecordedImage[] {
  if (!Array.isArray(content)) return [];
  const out: RecordedImage[] = [];
  for (const part of content as Record<string, unknown>[]) {
    if (part.type === 'image') {
      const source = part.source as { type?: string; media_type?: string; data?: string };
      if (source?.type !== 'base64' || !source.data) throw new Error('an Anthropic image block without a base64 source');
      out.push({ message, mediaType: String(source.media_type), bytes: Buffer.from(source.data, 'base64'), format: 'anthropic-base64' });
    } else if (part.type === 'image_url') {
      const url = String((part.image_url as { url?: string })?.url ?? '');
      const m = /^data:([^;]+);base64,(.*)$/s.exec(url);
      if (!m) throw new Error('an OpenAI image_url that is not a base64 data URL');
      out.push({ message, mediaType: m[1]!, bytes: Buffer.from(m[2]!, 'base64'), format: 'openai-data-url' });
    }
  }
  return out;
}

const sse = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  return (event: string | undefined, data: unknown) => res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);
};

/** Split a string into a few chunks so streaming clients really see deltas. */
const chunks = (s: string, n = 3): string[] => {
  if (!s) return [];
  const size = Math.max(1, Math.ceil(s.length / n));
  const out: string[] = [];
  for (let i = 0; i < s.length; i += size) out.push(s.slice(i, i + size));
  return out;
};

type Ok = Extract<ScriptedAnswer, { text?: string }>;

function anthropicAnswer(res: ServerResponse, req: RecordedRequest, a: Ok): void {
  const id = `msg_${Math.random().toString(36).slice(2, 10)}`;
  const model = a.model ?? req.model;
  const outputTokens = a.outputTokens ?? countTokens((a.text ?? '') + JSON.stringify(a.toolCalls ?? []));
  const stopReason = a.stopReason ?? (a.toolCalls?.length ? 'tool_use' : 'end_turn');
  type Block = { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: unknown };
  const blocks: Block[] = [
    ...(a.text ? [{ type: 'text' as const, text: a.text }] : []),
    ...(a.toolCalls ?? []).map((c, i) => ({ type: 'tool_use' as const, id: `toolu_${i}_${id}`, name: c.name, input: c.args })),
  ];
  const usage = { input_tokens: req.inputTokens, output_tokens: outputTokens };
  if (!req.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ id, type: 'message', role: 'assistant', model, content: blocks, stop_reason: stopReason, stop_sequence: null, usage }));
    return;
  }
  const send = sse(res);
  send('message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage: { input_tokens: req.inputTokens, output_tokens: 1 } } });
  blocks.forEach((block, index) => {
    if (block.type === 'text') {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'text', text: '' } });
      for (const part of chunks(block.text)) send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'text_delta', text: part } });
    } else {
      send('content_block_start', { type: 'content_block_start', index, content_block: { type: 'tool_use', id: block.id, name: block.name, input: {} } });
      for (const part of chunks(JSON.stringify(block.input ?? {}))) send('content_block_delta', { type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: part } });
    }
    send('content_block_stop', { type: 'content_block_stop', index });
  });
  send('message_delta', { type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: outputTokens } });
  send('message_stop', { type: 'message_stop' });
  res.end();
}

function openaiAnswer(res: ServerResponse, req: RecordedRequest, a: Ok): void {
  const id = `chatcmpl-${Math.random().toString(36).slice(2, 10)}`;
  const model = a.model ?? req.model;
  const created = Math.floor(Date.now() / 1000);
  const outputTokens = a.outputTokens ?? countTokens((a.text ?? '') + JSON.stringify(a.toolCalls ?? []));
  const finish = a.stopReason ?? (a.toolCalls?.length ? 'tool_calls' : 'stop');
  const toolCalls = (a.toolCalls ?? []).map((c, i) => ({ id: `call_${i}_${id}`, type: 'function', function: { name: c.name, arguments: typeof c.args === 'string' ? c.args : JSON.stringify(c.args) } }));
  const usage = { prompt_tokens: req.inputTokens, completion_tokens: outputTokens, total_tokens: req.inputTokens + outputTokens };
  if (!req.stream) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({
      id, object: 'chat.completion', created, model,
      choices: [{ index: 0, message: { role: 'assistant', content: a.text ?? null, refusal: null, ...(toolCalls.length ? { tool_calls: toolCalls } : {}) }, finish_reason: finish, logprobs: null }],
      usage,
    }));
    return;
  }
  const send = sse(res);
  const chunk = (delta: Record<string, unknown>, finish_reason: string | null = null) =>
    send(undefined, { id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason, logprobs: null }] });
  chunk({ role: 'assistant', content: '' });
  for (const part of chunks(a.text ?? '')) chunk({ content: part });
  toolCalls.forEach((call, index) => {
    chunk({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] });
    for (const part of chunks(call.function.arguments)) chunk({ tool_calls: [{ index, function: { arguments: part } }] });
  });
  chunk({}, finish);
  send(undefined, { id, object: 'chat.completion.chunk', created, model, choices: [], usage });
  send(undefined, '[DONE]');
  res.end();
}

function errorAnswer(res: ServerResponse, provider: ProviderKind, e: Extract<ScriptedAnswer, { error: unknown }>['error']): void {
  const message = e.message ?? `scripted error ${e.status}`;
  const type = e.type ?? (e.status === 401 ? 'authentication_error' : e.status === 429 ? 'rate_limit_error' : e.status >= 500 ? 'api_error' : 'invalid_request_error');
  res.writeHead(e.status, { 'content-type': 'application/json', ...e.headers });
  res.end(JSON.stringify(provider === 'anthropic' ? { type: 'error', error: { type, message } } : { error: { message, type, code: null, param: null } }));
}

export async function startLlmServer(): Promise<LlmServer> {
  let rules: (Rule & { used: number })[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();

  const server = createServer(async (req, res) => {
    const chunksIn: Buffer[] = [];
    for await (const c of req) chunksIn.push(c as Buffer);
    const path = (req.url ?? '').split('?')[0] ?? '';
    const provider: ProviderKind | undefined = path.endsWith('/messages') ? 'anthropic' : path.endsWith('/chat/completions') ? 'openai' : undefined;
    if (req.method !== 'POST' || !provider) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no such endpoint ${req.method} ${path}` } }));
      return;
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(Buffer.concat(chunksIn).toString('utf8') || '{}');
    } catch {
      res.writeHead(400).end('{"error":{"message":"request body is not JSON"}}');
      return;
    }
    let rec: RecordedRequest;
    try {
      rec = record(provider, req, body);
    } catch (error) {
      res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: (error as Error).message } }));
      return;
    }
    requests.push(rec);
    const rule = rules.find((r) => (r.times === undefined || r.used < r.times) && (!r.match || r.match(rec)));
    if (!rule) {
      errorAnswer(res, provider, { status: 500, message: `scripted server: no rule matches this request (last user message: ${rec.lastUser.slice(0, 200)})` });
      return;
    }
    rule.used++;
    rec.rule = rule.name ?? `rule ${rules.indexOf(rule)}`;
    let answer: ScriptedAnswer;
    try {
      answer = typeof rule.answer === 'function' ? await rule.answer(rec) : rule.answer;
    } catch (error) {
      errorAnswer(res, provider, { status: 500, message: `scripted answer threw: ${(error as Error).message}` });
      return;
    }
    if ('hang' in answer) return; // never answers; the client's timeout must fire
    if ('malformed' in answer) {
      res.writeHead(200, { 'content-type': rec.stream ? 'text/event-stream' : 'application/json' });
      res.end(rec.stream ? 'event: message_start\ndata: {not json\n\n' : '{"id": "broken", "choices": [');
      return;
    }
    if ('error' in answer) return errorAnswer(res, provider, answer.error);
    if (answer.delayMs) await new Promise((r) => setTimeout(r, answer.delayMs));
    if (res.destroyed || req.socket.destroyed) return; // the client went away while the model was "thinking"
    if (provider === 'anthropic') anthropicAnswer(res, rec, answer);
    else openaiAnswer(res, rec, answer);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    anthropicBaseUrl: url,
    openaiBaseUrl: `${url}/v1`,
    requests,
    script(...newRules) {
      rules = [...rules, ...newRules.map((r) => ({ ...r, used: 0 }))];
    },
    clear() {
      rules = [];
      requests.length = 0;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * The id of the element whose line in a page model contains `label`, as a model would read it
 * from the request: `<input id=7 label="From">` -> 7. Throws when the page model has no such element.
 */
export function idOf(pageModelText: string, label: string): number {
  for (const line of pageModelText.split('\n')) {
    const m = /\bid=(\d+)\b/.exec(line);
    if (m && line.toLowerCase().includes(label.toLowerCase())) return Number(m[1]);
  }
  throw new Error(`no element labelled "${label}" in the page model`);
}
