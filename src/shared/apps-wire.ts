import { z } from 'zod';
import { lazy } from './lazy';

/**
 * What the co-pilot's MCP server (mcp/server.mjs, a process an app on this computer starts) and the
 * extension say to each other over a WebSocket on 127.0.0.1. The server listens; the extension
 * connects when the person turned "apps on this computer" on in Settings. Nothing but `hello` is
 * answered until the person has allowed the app in the side panel (pairing).
 */

export const APPS_DEFAULT_PORT = 47321;

/** A tool as MCP lists it: its input is a JSON Schema object. */
export const AppTool = lazy(() => z.object({
  name: z.string().min(1).max(64),
  description: z.string().max(2000),
  inputSchema: z.object({ type: z.literal('object'), properties: z.record(z.string(), z.unknown()), required: z.array(z.string()).optional() }).passthrough(),
}));
export type AppTool = z.infer<typeof AppTool>;

export const ServerSays = lazy(() => z.discriminatedUnion('t', [
  /** the app's name as its MCP client gave it, and the token a past pairing gave it */
  z.object({ t: z.literal('hello'), client: z.string().trim().min(1).max(100), token: z.string().max(200).optional() }),
  z.object({ t: z.literal('call'), id: z.number().int().nonnegative(), tool: z.string().min(1).max(64), args: z.record(z.string(), z.unknown()).default({}) }),
  z.object({ t: z.literal('ping') }),
]));
export type ServerSays = z.infer<typeof ServerSays>;

export const ExtensionSays = lazy(() => z.discriminatedUnion('t', [
  /** where the app stands: asked (the card is up in the panel), allowed (with a token the first time), refused or revoked */
  z.object({ t: z.literal('pairing'), state: z.enum(['asked', 'allowed', 'refused']), token: z.string().optional(), message: z.string().default('') }),
  /** the tools the app may call now (sent when allowed and whenever the saved workflows change) */
  z.object({ t: z.literal('tools'), tools: z.array(AppTool) }),
  /** a tool's answer in words, and a picture when it took one (a screenshot: JPEG, base64) */
  z.object({ t: z.literal('result'), id: z.number().int().nonnegative(), ok: z.boolean(), text: z.string(), image: z.object({ data: z.string(), mimeType: z.literal('image/jpeg') }).optional() }),
]));
export type ExtensionSays = z.infer<typeof ExtensionSays>;
