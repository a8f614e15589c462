import type { ActionResult, BrowserAction } from '../shared/action';
import type { AimedTarget, ElementInfo, FindQuery, FoundElement, PageSnapshot, SnapshotOptions } from '../shared/page';
import type { LlmClient } from '../shared/llm';
import type { ModelRole } from '../shared/settings';
import type { ConfirmAnswer, ConfirmRequest, RunEvent } from '../shared/run-events';
import type { Exemplar } from '../shared/exemplar';
import type { RunState } from './run-state';
import type { Screenshot, ViewportLayout } from '../shared/vision';
import type { DecideRequest } from '../shared/effect';

/** Says whether a request the tab sent while acting may go (true) or is failed (false). */
export type { DecideRequest } from '../shared/effect';

export type { LlmClient } from '../shared/llm';
export type { ConfirmRequest, ConfirmAnswer } from '../shared/run-events';
export { Exemplar, ExemplarStep, PolicyExample } from '../shared/exemplar';

/** The tab the agent works in. The real one talks to the content script and chrome.debugger. */
export interface BrowserPort {
  snapshot(opts: SnapshotOptions): Promise<PageSnapshot>;
  /**
   * guard: the ElementInfo.facts the gate judged; the page refuses (`changed`) if the element no
   * longer matches. aimed: what aim() returned for this action, when the gate allowed it at once.
   */
  act(action: BrowserAction, guard?: string, aimed?: AimedTarget, decide?: DecideRequest): Promise<ActionResult>;
  /**
   * Whether the tab's requests are held while an action runs (optional: absent, none are): then
   * `decide` is asked about each request that could change something on a server, and one it does
   * not allow is never sent (src/agent/safety/effects.ts).
   */
  holdsRequests?(): Promise<boolean>;
  /**
   * The host of a live connection (a WebSocket) the page opened since it loaded, or null: what an
   * action sends over it goes where no hold can pause it, so the gate asks first (optional: absent, none).
   */
  liveConnection?(): Promise<string | null>;
  /**
   * The action's element looked up, scrolled to and described in one look, so the gate judges
   * the facts the input will be guarded by (optional: null or absent, the loop describes it).
   */
  aim?(action: BrowserAction): Promise<AimedTarget | null>;
  /** ends the input guard an aim set up, when the action will not run at once (a question, a hand-off, a refusal) */
  release?(): Promise<void>;
  /** the page's title, without reading the page (optional: a snapshot says it too) */
  title?(): Promise<string>;
  find(q: FindQuery): Promise<FoundElement[]>;
  describe(id: number): Promise<ElementInfo | null>;
  /** the element with the keyboard focus, which a key pressed without an id goes to (optional for simple fakes) */
  describeFocused?(): Promise<ElementInfo | null>;
  url(): Promise<string>;
  /** the viewport's labelled boxes and how much the page model says about it (optional: no screenshots without it) */
  viewport?(): Promise<ViewportLayout>;
  /** a labelled, scaled screenshot with secret fields blacked out; null when the tab cannot be captured now */
  screenshot?(reason: string): Promise<Screenshot | null>;
  /** the element at a viewport point, which a click_at is judged and shown by */
  describeAt?(x: number, y: number): Promise<ElementInfo | null>;
}

/**
 * The tabs a run opens besides the one it started in (optional: without it, tab actions are
 * refused). The agent keeps the run's list and touches only ids this port gave it.
 */
export interface TabsPort {
  /** opens a tab at the address, in the run's tab group, and resolves once its page answers */
  open(url: string): Promise<{ tabId: number; url: string }>;
  close(tabId: number): Promise<void>;
  /** the page model and executor of one of the run's tabs */
  browser(tabId: number): BrowserPort;
}

/** Where runs live between steps, so a service worker killed mid-run can resume. */
export interface RunStore {
  save(run: RunState): Promise<void>;
  load(runId: string): Promise<RunState | undefined>;
}

/** The person in the side panel. */
export interface UserPort {
  confirm(request: ConfirmRequest): Promise<ConfirmAnswer>;
  /** the person acts in the tab (login, CAPTCHA, 2FA); resolves when they say they are done */
  handoff(reason: string): Promise<void>;
  ask(question: string): Promise<string>;
}

/**
 * Tells the browser side's "still waiting for this tab's page" (`tabId` null: the tab the run
 * started in). The worker calls the listener when a wait for the next document has taken a while,
 * and again when the page answered.
 */
export type PageWaits = (listener: (tabId: number | null, waiting: boolean) => void) => () => void;

export interface ExampleSource {
  retrieve(query: { task: string; url: string; title: string }): Promise<Exemplar[]>;
}

export interface Clock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

// Timers exist in every runtime the core runs in, but the core's lib (no DOM) does not declare them.
const timers = globalThis as unknown as { setTimeout(fn: () => void, ms: number): unknown };

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => timers.setTimeout(resolve, ms)),
};

export type Emit = (event: RunEvent) => void;

/** Optional check of a finished task (the arena's reward, a site-specific verifier). */
export interface TaskJudge {
  judge(run: RunState): Promise<{ success: boolean; reason: string }>;
}

/** Names the provider behind a role, so an auth error can say which key to check. */
export type ProviderLabel = (role: ModelRole) => string;

/**
 * Keeps a run's secrets (placeholder -> value) for the life of the run, out of the run state:
 * sealed in the extension (src/background/secrets/sealed.ts), so a worker restart or a Resume after
 * a provider error still has what the person gave.
 */
export interface SecretKeeper {
  load(runId: string): Promise<Record<string, string>>;
  save(runId: string, entries: Record<string, string>): Promise<void>;
}

export interface AgentPorts {
  llm: LlmClient;
  browser: BrowserPort;
  store: RunStore;
  user: UserPort;
  emit: Emit;
  examples?: ExampleSource;
  clock?: Clock;
  judge?: TaskJudge;
  providerLabel?: ProviderLabel;
  tabs?: TabsPort;
  /** when the browser waits a while for a tab's next page (src/agent/page-waits.ts) */
  pageWaits?: PageWaits;
  /** where the run's secrets outlive the worker; without it they live in memory only */
  secrets?: SecretKeeper;
}
