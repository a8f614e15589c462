import { ExtensionSays, ServerSays } from '../../shared/apps-wire';
import { loadSettings } from '../settings-store';
import { db, watchQuery, type QueryWatch } from '../../storage/db';
import { pairingFor, isAllowed } from './pairing';
import { appTools, callTool } from './tools';
import { wakeOn } from '../../platform/wake';

/**
 * The worker's end of the co-pilot's MCP server (mcp/server.mjs): while "apps on this computer" is
 * on, it keeps a WebSocket to 127.0.0.1 open, tries again every few seconds while the worker runs
 * and once a minute (an alarm) after it was stopped. The server speaks for one app; nothing it
 * asks is done unless that app is allowed (pairing.ts), checked again at every call.
 */

const RETRY_MS = 3000;
const ALARM = 'apps-connect';

let socket: WebSocket | undefined;
let client: string | undefined;
let retry: ReturnType<typeof setTimeout> | undefined;
let toolWatch: QueryWatch | undefined;

const say = (msg: ExtensionSays) => socket?.readyState === WebSocket.OPEN && socket.send(JSON.stringify(ExtensionSays.parse(msg)));

/** Keeps the app's tool list in step with the saved workflows while it is allowed. */
function watchTools(): void {
  toolWatch?.unsubscribe();
  toolWatch = watchQuery(() => db().workflows.toArray()).subscribe({
    next: () => void appTools().then(({ tools }) => say({ t: 'tools', tools })),
    error: (e: unknown) => console.error('apps: could not read the workflows', e),
  });
}

/** Tells the connected app where it stands now (after the person answered, revoked or forgot it); `token` only when just allowed. */
export async function tellApp(name: string, token?: string): Promise<void> {
  if (name !== client || !socket) return;
  const known = await db().appClients.get(name);
  if (known?.status === 'allowed') {
    say({ t: 'pairing', state: 'allowed', ...(token ? { token } : {}), message: '' });
    watchTools();
    return;
  }
  toolWatch?.unsubscribe();
  // forgotten: asked again, as a new app would be
  const p = await pairingFor(name, undefined);
  say({ t: 'pairing', state: p.state, message: p.message });
}

async function onServer(raw: unknown): Promise<void> {
  const parsed = ServerSays.safeParse(JSON.parse(String(raw)));
  if (!parsed.success) return;
  const msg = parsed.data;
  if (msg.t === 'hello') {
    client = msg.client;
    const p = await pairingFor(msg.client, msg.token);
    say({ t: 'pairing', state: p.state, message: p.message });
    if (p.state === 'allowed') watchTools();
    return;
  }
  if (msg.t !== 'call') return;
  if (!client || !(await isAllowed(client))) {
    say({ t: 'result', id: msg.id, ok: false, text: 'This app is not allowed to use the co-pilot.' });
    return;
  }
  const r = await callTool(client, msg.tool, msg.args).catch((e: Error) => ({ ok: false, text: `The co-pilot could not do that: ${e.message}` }));
  say({ t: 'result', id: msg.id, ...r });
}

function close(): void {
  clearTimeout(retry);
  toolWatch?.unsubscribe();
  const s = socket;
  socket = undefined;
  client = undefined;
  s?.close();
}

function connect(port: number): void {
  const s = new WebSocket(`ws://127.0.0.1:${port}/`);
  socket = s;
  s.onmessage = (e) => void onServer(e.data).catch((err: unknown) => console.error('apps: a message failed', err));
  s.onclose = () => {
    if (socket !== s) return;
    socket = undefined;
    client = undefined;
    toolWatch?.unsubscribe();
    retry = setTimeout(() => void startApps(), RETRY_MS);
  };
}

/** Connects when the setting is on (at the worker's start, on the alarm, after Settings change). */
export async function startApps(): Promise<void> {
  const { apps } = await loadSettings();
  if (!apps.enabled) {
    close();
    void chrome.alarms.clear(ALARM);
    return;
  }
  void chrome.alarms.create(ALARM, { periodInMinutes: 1 });
  if (socket && socket.url === `ws://127.0.0.1:${apps.port}/`) return;
  close();
  connect(apps.port);
}

/** The alarm wakes a stopped worker to look for the server again. */
export function listenForAppsAlarm(): void {
  wakeOn('alarms.onAlarm', (a) => {
    if (a.name === ALARM) void startApps();
  });
}
