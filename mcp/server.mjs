#!/usr/bin/env node
// The co-pilot's MCP server: an app on this computer (Claude Code, Claude Desktop, Cursor …)
// starts it over stdio, and it reaches the co-pilot in the person's own browser through a
// WebSocket on 127.0.0.1 that the extension connects to (turned on in the co-pilot's Settings).
// Nothing is passed on until the person has allowed this app in the side panel; the token that
// pairing gives is kept in the state folder, so the next start does not ask again.
//
//   node mcp/server.mjs [--port 47321] [--state ~/.config/browser-copilot-mcp]
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { WebSocketServer } from 'ws';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
};
const PORT = Number(arg('port', process.env.COPILOT_MCP_PORT ?? 47321));
const STATE = arg('state', process.env.COPILOT_MCP_STATE ?? join(homedir(), '.config', 'browser-copilot-mcp'));
const CALL_MS = 15 * 60_000;

/** The one tool offered before pairing: says where the connection stands, and nothing else. */
const CONNECT_TOOL = {
  name: 'connect_browser',
  description: "Connect to the person's browser through the Browser Co-pilot extension. Call it first: it says whether the person has allowed this app in the co-pilot's side panel yet. Once allowed, the saved workflows and the browser tools appear in the tool list.",
  inputSchema: { type: 'object', properties: {} },
};

const state = { socket: undefined, pairing: 'unconnected', message: '', tools: [], pending: new Map(), nextId: 1 };

const server = new Server({ name: 'browser-copilot', version: '0.1.0' }, { capabilities: { tools: { listChanged: true } } });
const clientName = () => server.getClientVersion()?.name ?? 'an MCP client';
const tokenFile = () => join(STATE, `${clientName().replace(/[^\w.-]+/g, '_').slice(0, 60)}.token`);
const savedToken = () => {
  try {
    return readFileSync(tokenFile(), 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
};

function where() {
  switch (state.pairing) {
    case 'unconnected':
      return `The co-pilot is not connected. Check that the browser is open with the Browser Co-pilot extension, and that "Apps on this computer" is on in its Settings (port ${PORT}).`;
    case 'asked':
      return `Waiting for the person to allow "${clientName()}" in the co-pilot's side panel.`;
    case 'refused':
      return state.message || `The person did not allow "${clientName()}" to use the co-pilot.`;
    default:
      return `Connected: ${state.tools.length} tools from the co-pilot.`;
  }
}

const send = (msg) => state.socket?.readyState === 1 && state.socket.send(JSON.stringify(msg));
const hello = () => send({ t: 'hello', client: clientName(), token: savedToken() });

function onExtension(raw) {
  let msg;
  try {
    msg = JSON.parse(String(raw));
  } catch {
    return;
  }
  if (msg.t === 'pairing') {
    state.pairing = msg.state;
    state.message = msg.message ?? '';
    if (msg.token) {
      mkdirSync(STATE, { recursive: true });
      writeFileSync(tokenFile(), msg.token, { mode: 0o600 });
    }
    if (msg.state !== 'allowed') state.tools = [];
    void server.sendToolListChanged().catch(() => {});
  } else if (msg.t === 'tools') {
    state.tools = Array.isArray(msg.tools) ? msg.tools : [];
    void server.sendToolListChanged().catch(() => {});
  } else if (msg.t === 'result') {
    state.pending.get(msg.id)?.(msg);
    state.pending.delete(msg.id);
  }
}

// Only the extension may connect: a web page can open a socket to 127.0.0.1 too, but its origin is
// its own site, never an extension's.
const wss = new WebSocketServer({
  host: '127.0.0.1',
  port: PORT,
  verifyClient: ({ origin }) => /^(chrome|moz)-extension:\/\//.test(origin ?? ''),
});
wss.on('error', (e) => process.stderr.write(`browser-copilot-mcp: ${e.message}\n`));
wss.on('connection', (socket) => {
  state.socket?.close();
  state.socket = socket;
  state.pairing = 'asked';
  socket.on('message', onExtension);
  socket.on('close', () => {
    if (state.socket !== socket) return;
    state.socket = undefined;
    state.pairing = 'unconnected';
    state.tools = [];
    for (const [id, done] of state.pending) done({ id, ok: false, text: 'The browser closed the connection before the call ended.' });
    state.pending.clear();
    void server.sendToolListChanged().catch(() => {});
  });
  if (server.getClientVersion()) hello();
});
// a message now and then keeps the extension's service worker awake while the app is connected
setInterval(() => send({ t: 'ping' }), 20_000).unref();

server.oninitialized = () => hello();
server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: [CONNECT_TOOL, ...(state.pairing === 'allowed' ? state.tools : [])] }));
server.setRequestHandler(CallToolRequestSchema, async ({ params }) => {
  if (params.name === CONNECT_TOOL.name) return { content: [{ type: 'text', text: where() }], isError: state.pairing !== 'allowed' };
  if (state.pairing !== 'allowed') return { content: [{ type: 'text', text: where() }], isError: true };
  const id = state.nextId++;
  const answer = await new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, text: 'The co-pilot did not answer within 15 minutes.' }), CALL_MS);
    state.pending.set(id, (m) => {
      clearTimeout(timer);
      resolve(m);
    });
    send({ t: 'call', id, tool: params.name, args: params.arguments ?? {} });
  });
  const picture = answer.image ? [{ type: 'image', data: answer.image.data, mimeType: answer.image.mimeType }] : [];
  return { content: [{ type: 'text', text: String(answer.text ?? '') }, ...picture], isError: !answer.ok };
});

await server.connect(new StdioServerTransport());
