import { db, type AppClientRecord } from '../../storage/db';
import { scopeOf } from './site-scope';
import { joinGroup } from '../executor/tab-group';

/**
 * Which apps on this computer may use the co-pilot: an app is known by the name its MCP client
 * gives, and proves it is the one the person allowed with the token its pairing gave it (only a
 * hash is kept here). A name alone is never enough: another program could give the same name.
 */

export type Pairing = { state: 'asked' | 'allowed' | 'refused'; message: string };

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');
const hashOf = async (token: string) => hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(token)));

/** Where an app stands when it connects: allowed (its token matches), refused, or asked now. */
export async function pairingFor(client: string, token: string | undefined): Promise<Pairing> {
  const rec = await db().appClients.get(client);
  if (rec?.status === 'allowed' && token && (await hashOf(token)) === rec.tokenHash) return { state: 'allowed', message: '' };
  if (rec?.status === 'refused') return { state: 'refused', message: `The person did not allow "${client}" to use the co-pilot. They can remove that answer in the co-pilot's Settings, under Apps on this computer.` };
  if (rec?.status === 'revoked') return { state: 'refused', message: `The person took back "${client}"'s access to the co-pilot. They can remove that answer in the co-pilot's Settings, under Apps on this computer.` };
  // new, still asked, or allowed but without its token (another program giving the same name): asked again
  await db().appClients.put({ id: client, status: 'asked', tokenHash: '', askedAt: Date.now(), tabIds: rec?.tabIds ?? [] });
  return { state: 'asked', message: '' };
}

/** The person's answer in the panel; a new token when allowed, which only the app's server keeps. */
export async function answerApp(client: string, allow: boolean, sites?: string[]): Promise<{ token?: string } | undefined> {
  const rec = await db().appClients.get(client);
  if (!rec || rec.status !== 'asked') return undefined;
  if (!allow) {
    await db().appClients.update(client, { status: 'refused', answeredAt: Date.now() });
    return {};
  }
  const token = hex(crypto.getRandomValues(new Uint8Array(32)).buffer);
  const scope = sites && scopeOf(sites);
  if (scope && !scope.length) return undefined;
  await db().appClients.update(client, { status: 'allowed', tokenHash: await hashOf(token), answeredAt: Date.now(), sites: scope });
  return { token };
}

export async function revokeApp(client: string): Promise<void> {
  await db().appClients.update(client, { status: 'revoked', tokenHash: '', answeredAt: Date.now() });
}

/** Forgets an app and the answer given: the next time it connects, the person is asked again. */
export async function forgetApp(client: string): Promise<void> {
  await db().appClients.delete(client);
}

/** The sites the app was allowed on; undefined: every site. */
export async function sitesOf(client: string): Promise<string[] | undefined> {
  return (await db().appClients.get(client))?.sites;
}

export async function isAllowed(client: string): Promise<boolean> {
  return (await db().appClients.get(client))?.status === 'allowed';
}

/**
 * A tab the co-pilot opened for the app (`opened`: in a tab group named after the app, so the
 * person sees which tabs it works in), or one the person handed to it: the only kinds its tools
 * act in or read.
 */
export async function giveTab(client: string, tabId: number, opened = true): Promise<void> {
  await db().appClients.where('id').equals(client).modify((r: AppClientRecord) => {
    if (!r.tabIds.includes(tabId)) r.tabIds.push(tabId);
  });
  if (!opened) return;
  const tab = await chrome.tabs.get(tabId).catch(() => undefined);
  if (tab?.windowId !== undefined) await joinGroup(tabId, tab.windowId, client.slice(0, 40), 'purple').catch((e: unknown) => console.warn('could not group an app\'s tab', e));
}

/** The person takes a tab they handed over back (or one the app opened): its tools touch it no more. */
export async function takeTab(client: string, tabId: number): Promise<void> {
  await db().appClients.where('id').equals(client).modify((r: AppClientRecord) => {
    r.tabIds = r.tabIds.filter((id) => id !== tabId);
  });
}

export async function tabsOf(client: string): Promise<number[]> {
  return (await db().appClients.get(client))?.tabIds ?? [];
}

/** The open tabs the co-pilot opened for (or was handed by the person to) this app: the only ones its tools touch. */
export async function ownTabs(client: string): Promise<chrome.tabs.Tab[]> {
  const ids = new Set(await tabsOf(client));
  return (await chrome.tabs.query({})).filter((t) => t.id !== undefined && ids.has(t.id));
}
