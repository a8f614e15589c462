import type { SentRequest } from '../../shared/effect';
import { siteOf as registrable } from '../../shared/site';

/**
 * The side doors of a tab's request hold. The hold pauses what the tab's own debugger session and
 * its child sessions see; a page can still send from places that are neither:
 * - a tab it opens in the moment (a `target=_blank` form, a blank pop-up it writes a form into),
 *   whose first request goes out before anyone could attach to it;
 * - a shared worker, which belongs to no tab;
 * - a sandboxed `srcdoc` iframe (an opaque origin), whose process starts without waiting for the
 *   debugger (it has no navigation to hold), so its script posts before its session is held.
 * While the hold is on, a session rule of declarativeNetRequest blocks every state-changing request
 * (any method but GET/HEAD/OPTIONS) from tabs that did not exist when it began, and from workers
 * of no tab whose initiator is the acting page's site, and, in the tab itself, from an initiator
 * that is none of the frames the hold watches (the page's site, and each frame of another site as
 * its session attaches) to another site: an opaque origin is never one of them, and its requests
 * are always another site's to the browser. No one is asked: nothing the run watches
 * could show the person what it is, so it is refused, and the action is told what was (the
 * browser's non-blocking webRequest reports the block). The cost: a pop-up that a yes'd action
 * legitimately posts into is refused too, and a service worker of the same site posting for
 * another of the person's tabs in that moment fails; on a page whose own requests a service
 * worker makes (the hold is not proven there) workers are left alone, or every yes'd post of that
 * page would be blocked.
 */

const WRITES: chrome.declarativeNetRequest.RequestMethod[] = ['post', 'put', 'patch', 'delete', 'connect', 'other'] as chrome.declarativeNetRequest.RequestMethod[];
/**
 * Every resource type, named: a rule that names none leaves out main_frame, and the post a
 * `target=_blank` form sends is the new tab's main frame.
 */
const ALL_TYPES = ['main_frame', 'sub_frame', 'xmlhttprequest', 'ping', 'other', 'websocket', 'image', 'script', 'stylesheet', 'font', 'object', 'media', 'csp_report', 'webtransport', 'webbundle'] as chrome.declarativeNetRequest.ResourceType[];
/** session rule ids of this module: one pair per held tab, from here up */
const FIRST_ID = 900_000;
const LAST_ID = 999_999;
const NO_TAB = -1;
/** the resource type a request refused at a side door is reported with (held-port.ts words it) */
export const OUTSIDE = 'Outside';
/** the resource type a request refused from a frame no session of the tab watches is reported with */
export const UNWATCHED = 'Unwatched frame';
/** the resource type a request refused while the tab was shut for a look is reported with */
export const LOOKING = 'Looking';
const BLOCK = { type: 'block' as chrome.declarativeNetRequest.RuleActionType };
const isRead = (method: string) => /^(?:GET|HEAD|OPTIONS)$/i.test(method);

export interface SideDoors {
  /** Opens the door for workers again (the hold found the page's requests made by a service worker). */
  letWorkers(): Promise<void>;
  /** A frame of this site now runs under a session of the hold: its requests are held there, not refused here. */
  watchFrame(host: string): Promise<void>;
  /** Removes the rules and stops listening. */
  open(): Promise<void>;
}

let nextId = FIRST_ID;
const takeIds = (n: number): number[] => {
  if (nextId + n - 1 > LAST_ID) nextId = FIRST_ID;
  const ids = Array.from({ length: n }, (_, i) => nextId + i);
  nextId += n;
  return ids;
};

const api = () => (typeof chrome !== 'undefined' ? chrome.declarativeNetRequest : undefined);

/** What the side doors tell the hold: a request through one began; its end says whether it was refused. */
export type OutsideBegan = () => { ended(refused: SentRequest | null): void };

type Details = { requestId: string; tabId: number; method: string; url: string; initiator?: string };

/** One set of closed doors, hearing the tabs that open and the requests that begin and end while it is closed. */
interface Watcher {
  tabOpened(tabId: number): void;
  begin(d: Details): void;
  end(d: Details, refused: boolean): void;
}
/**
 * How long a tab opened while the doors are shut is waited for to send its first request. The tab
 * opens in the click's own moment, but its first request (a `target=_blank` post) may begin after
 * the click's page has settled on a busy machine, and the action must be told what it sent: the
 * tab counts as a request through the door until it sends one or this passes (a blank pop-up).
 */
const NEW_TAB_MS = 3_000;
const watchers = new Set<Watcher>();
/**
 * The webRequest listeners are shared by every set of closed doors and stay a while after the last
 * opens: adding or removing one gives pages new loader factories, which cost an action's first
 * request (and its probe) time, hold after hold. Never longer than a worker's idle life, so a
 * stopped worker does not leave listeners behind.
 */
const LINGER_MS = 10_000;
let listening = false;
let linger: ReturnType<typeof setTimeout> | undefined;
const onBegin = (d: Details): undefined => {
  watchers.forEach((w) => w.begin(d));
  return undefined;
};
const onError = (d: Details & { error: string }) => watchers.forEach((w) => w.end(d, /BLOCKED_BY_CLIENT/.test(d.error)));
const onDone = (d: Details) => watchers.forEach((w) => w.end(d, false));
const onTab = (tab: chrome.tabs.Tab) => tab.id !== undefined && watchers.forEach((w) => w.tabOpened(tab.id!));

function watch(w: Watcher): void {
  watchers.add(w);
  clearTimeout(linger);
  if (listening || !chrome.webRequest) return;
  const all = { urls: ['<all_urls>'] };
  chrome.webRequest.onBeforeRequest.addListener(onBegin, all);
  chrome.webRequest.onErrorOccurred.addListener(onError, all);
  chrome.webRequest.onCompleted.addListener(onDone, all);
  chrome.tabs.onCreated.addListener(onTab);
  listening = true;
}

function unwatch(w: Watcher): void {
  watchers.delete(w);
  if (watchers.size) return;
  clearTimeout(linger);
  linger = setTimeout(() => {
    if (watchers.size || !listening) return;
    chrome.webRequest.onBeforeRequest.removeListener(onBegin);
    chrome.webRequest.onErrorOccurred.removeListener(onError);
    chrome.webRequest.onCompleted.removeListener(onDone);
    chrome.tabs.onCreated.removeListener(onTab);
    listening = false;
  }, LINGER_MS);
}

/** The doors shut now, each able to let in a tab the co-pilot itself opened since. */
const shutDoors = new Set<(tabId: number) => Promise<void>>();

/**
 * Opens a tab for the co-pilot's own work (a replay's start page, a schedule's run, a task's new
 * tab): the side doors another tab's hold has shut are for tabs its page opened, so this one is
 * let through them at once. Without it, a replay started while the last one's hold waited out its
 * grace had its form post refused as that tab's pop-up, and ended on an error page.
 */
export async function openOwnTab(props: chrome.tabs.CreateProperties): Promise<chrome.tabs.Tab> {
  const tab = await chrome.tabs.create(props);
  if (tab.id !== undefined) await Promise.all([...shutDoors].map((admit) => admit(tab.id!)));
  return tab;
}

/** Closes the side doors of `tabId` while its requests are held; `began` hears of each request sent through one. */
export async function closeSideDoors(tabId: number, began: OutsideBegan): Promise<SideDoors | null> {
  const dnr = api();
  if (!dnr?.updateSessionRules) return null;
  const [tabs, site] = await Promise.all([chrome.tabs.query({}), siteOf(tabId)]);
  const known = new Set(tabs.map((t) => t.id).filter((id): id is number => id !== undefined));
  known.add(tabId);
  const [newTabsId, workersId, unwatchedId] = takeIds(3) as [number, number, number];
  const rules: chrome.declarativeNetRequest.Rule[] = [{ id: newTabsId, priority: 1, action: BLOCK, condition: { requestMethods: WRITES, resourceTypes: ALL_TYPES, excludedTabIds: [...known, NO_TAB] } }];
  if (site) rules.push({ id: workersId, priority: 1, action: BLOCK, condition: { requestMethods: WRITES, resourceTypes: ALL_TYPES, tabIds: [NO_TAB], initiatorDomains: [site] } });
  const unwatched = site ? unwatchedFrames(tabId, site, unwatchedId, began) : null;
  if (unwatched) rules.push(unwatched.rule());
  let workers = !!site;
  // the same tests as the rules', so only requests they shut are counted
  const shut = (d: Details) => !isRead(d.method) && (d.tabId === NO_TAB ? workers && !!site && withinSite(hostOf(d.initiator ?? ''), site) : !known.has(d.tabId));
  const counted = countRefused(began, shut, OUTSIDE);
  // tabs opened while shut that have not sent a request yet
  const opening = new Map<number, () => void>();
  // new tabs that already sent one (its event may come before the tab's own)
  const sent = new Set<number>();
  const opened = (tabId: number) => {
    if (!known.has(tabId)) sent.add(tabId);
    opening.get(tabId)?.();
    opening.delete(tabId);
  };
  const watcher: Watcher = {
    tabOpened(tabId) {
      if (known.has(tabId) || opening.has(tabId) || sent.has(tabId)) return;
      const one = began();
      const timer = setTimeout(() => opened(tabId), NEW_TAB_MS);
      opening.set(tabId, () => (clearTimeout(timer), one.ended(null)));
    },
    begin(d) {
      counted.begin(d);
      unwatched?.counted.begin(d);
      // after the request's own count began, so the action never finds nothing going on in between
      opened(d.tabId);
    },
    end: (d, refused) => (counted.end(d, refused), unwatched?.counted.end(d, refused)),
  };
  if (!(await addRules([newTabsId, workersId, unwatchedId], rules))) return null;
  watch(watcher);
  const admit = async (id: number) => {
    known.add(id);
    opened(id);
    await dnr.updateSessionRules({ removeRuleIds: [newTabsId], addRules: [{ ...rules[0]!, condition: { ...rules[0]!.condition, excludedTabIds: [...known, NO_TAB] } }] }).catch(() => undefined);
  };
  shutDoors.add(admit);
  return {
    watchFrame: async (host) => unwatched?.watch(host),
    async letWorkers() {
      if (!workers) return;
      workers = false;
      await dnr.updateSessionRules({ removeRuleIds: [workersId] }).catch(() => undefined);
    },
    async open() {
      shutDoors.delete(admit);
      unwatch(watcher);
      [...opening.keys()].forEach(opened);
      counted.endAll();
      await unwatched?.end();
      await dnr.updateSessionRules({ removeRuleIds: [newTabsId, workersId, unwatchedId] }).catch(() => undefined);
    },
  };
}

/**
 * The door of a tab's frames that no session of the hold watches. A sandboxed `srcdoc` iframe (an
 * opaque origin) runs before its session can hold it; the rule refuses what any initiator but the
 * watched sites sends to another site. The page's own site is watched from the start, and each
 * frame of another site once its session holds it (`watch`, before that frame is let run). An
 * opaque initiator is none of them, and the browser counts its requests as another site's.
 */
function unwatchedFrames(tabId: number, site: string, id: number, began: OutsideBegan) {
  const watched = new Set([registrable(site)]);
  const rule = (): chrome.declarativeNetRequest.Rule => ({ id, priority: 1, action: BLOCK, condition: { requestMethods: WRITES, resourceTypes: ALL_TYPES, tabIds: [tabId], domainType: 'thirdParty' as chrome.declarativeNetRequest.DomainType, excludedInitiatorDomains: [...watched] } });
  // one update at a time: each replaces the rule with the whole list so far
  let updating = Promise.resolve();
  const counted = countRefused(began, (d) => d.tabId === tabId && !isRead(d.method) && fromUnwatched(d, watched), UNWATCHED);
  return {
    rule,
    counted,
    watch(host: string): Promise<void> {
      const domain = registrable(host);
      if (!domain || watched.has(domain)) return updating;
      watched.add(domain);
      updating = updating.then(async () => void (await addRules([id], [rule()])));
      return updating;
    },
    async end() {
      counted.endAll();
      await updating;
    },
  };
}

/**
 * The requests a set of shut doors counts (`shut` says which): each one's begin is told to the
 * action (`began`), and its end says whether the browser's rule refused it, reported with `type`.
 */
function countRefused(began: OutsideBegan, shut: (d: Details) => boolean, type: string) {
  const going = new Map<string, ReturnType<OutsideBegan>>();
  return {
    begin: (d: Details) => void (shut(d) && going.set(d.requestId, began())),
    end(d: Details, refused: boolean) {
      const one = going.get(d.requestId);
      if (!one) return;
      going.delete(d.requestId);
      one.ended(refused ? { method: d.method, url: d.url, resourceType: type } : null);
    },
    /** the doors open: what is still going on is no longer counted against the action */
    endAll() {
      for (const one of going.values()) one.ended(null);
      going.clear();
    },
  };
}

async function addRules(ids: number[], rules: chrome.declarativeNetRequest.Rule[]): Promise<boolean> {
  try {
    await api()!.updateSessionRules({ removeRuleIds: ids, addRules: rules });
    return true;
  } catch (e) {
    console.warn('a side-door rule of the request hold could not be set', e);
    return false;
  }
}

/**
 * Shuts the tab itself to state-changing requests while a look runs in it (a scroll): a page's
 * scroll listener can post as a click's can, and the look attaches no debugger (its bar, the page
 * resized) to a run that only reads. No one is asked: what goes out then is refused, and `began`
 * hears of it so the look is told. Returns how to open it again, or null where no rule can be set.
 */
export async function shutTabWrites(tabId: number, began: OutsideBegan): Promise<(() => Promise<void>) | null> {
  if (!api()?.updateSessionRules) return null;
  const [id] = takeIds(1) as [number];
  const rule: chrome.declarativeNetRequest.Rule = { id, priority: 1, action: BLOCK, condition: { requestMethods: WRITES, resourceTypes: ALL_TYPES, tabIds: [tabId] } };
  const counted = countRefused(began, (d) => d.tabId === tabId && !isRead(d.method), LOOKING);
  const watcher: Watcher = { tabOpened: () => undefined, begin: counted.begin, end: counted.end };
  // listening first: the look's first scroll event may post the moment the rule is there
  watch(watcher);
  if (!(await addRules([id], [rule]))) return unwatch(watcher), null;
  return async () => {
    await api()!.updateSessionRules({ removeRuleIds: [id] }).catch(() => undefined);
    unwatch(watcher);
    counted.endAll();
  };
}

/**
 * Removes every side-door rule left behind: session rules outlive the service worker, so a worker
 * stopped in the middle of an action would leave new tabs unable to post until the browser closes.
 */
export async function openAllSideDoors(): Promise<void> {
  const dnr = api();
  if (!dnr?.getSessionRules) return;
  const left = (await dnr.getSessionRules().catch(() => [])).map((r) => r.id).filter((id) => id >= FIRST_ID && id <= LAST_ID);
  if (left.length) await dnr.updateSessionRules({ removeRuleIds: left }).catch(() => undefined);
}

async function siteOf(tabId: number): Promise<string | null> {
  const tab = await chrome.tabs.get(tabId).catch(() => null);
  const host = hostOf(tab?.url ?? '');
  return /^[a-z0-9.-]+$/i.test(host) ? host : null;
}

/**
 * A request the tab's unwatched-frame rule shuts: its initiator is none of the watched sites (an
 * opaque origin, reported as "null", never is) and it goes to another site than its initiator's
 * (the rule's `thirdParty`; an opaque initiator's requests always do).
 */
function fromUnwatched(d: Details, watched: Set<string>): boolean {
  const from = hostOf(d.initiator ?? '');
  if (from && [...watched].some((w) => withinSite(from, w))) return false;
  return !from || registrable(from) !== registrable(hostOf(d.url));
}

/** The host is the site or one of its subdomains, as the rule's `initiatorDomains` matches it. */
const withinSite = (host: string, site: string) => host === site || host.endsWith(`.${site}`);

function hostOf(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}
