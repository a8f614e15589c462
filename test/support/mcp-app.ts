import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { ROOT } from './extension';

/** An app on this computer: the MCP SDK's own client over stdio, starting mcp/server.mjs against the extension's port. */
export async function startApp(clients: Client[], name: string, port: number, state: string): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command: process.execPath, args: [join(ROOT, 'mcp/server.mjs'), '--port', String(port), '--state', state], stderr: 'pipe' }));
  clients.push(client);
  return client;
}

/** The words of a tool's answer. */
export const textOf = (r: Awaited<ReturnType<Client['callTool']>>) =>
  (r.content as { type: string; text?: string }[])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

export const toolNames = async (c: Client) => (await c.listTools()).tools.map((t) => t.name);
