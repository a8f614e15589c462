import type { SentRequest } from '../../shared/effect';
import type { ActionResult, BrowserAction } from '../../shared/action';
import type { Fingerprint, MatchStrategy } from '../../shared/fingerprint';
import type { AimedTarget, AimPurpose, ElementInfo, LookAim, PageSnapshot } from '../../shared/page';
import type { LlmClient } from '../../shared/llm';
import type { RunEvent } from '../../shared/run-events';
import type { Workflow } from '../../shared/workflow';
import type { RecorderSelector, RecorderWait } from '../../shared/recorder-target';
import type { ReplayState } from './state';

/** How the page resolver answered for a fingerprint (src/content/replay). */
export type Resolution =
  | { ok: true; id: number; strategy: MatchStrategy; tag: string; role: string; name: string; inputType?: string; secret?: boolean; line: string; info?: ElementInfo; fingerprint?: Fingerprint; url?: string; aim?: TimedAim }
  | { ok: false; reason: 'not_found' | 'ambiguous' | 'weak' | 'disagree' | 'frame'; message: string; guess?: Guess; others?: Guess[] };

/** The element the resolver ranks first when it will not act on its own: what the person is asked about. */
export interface Guess {
  id: number;
  tag: string;
  role: string;
  name: string;
  line: string;
  secret?: boolean;
}

/** A look's aim with the time its answer came (Date.now()): an aim older than a moment is taken again. */
export type TimedAim = LookAim & { at: number };

/**
 * A look that also aims at the element it finds, for the action the step is about to take, but
 * only on the step's site and page (`site`: a registrable domain, `path`): see LookAim.
 */
export interface AimAsk {
  purpose: AimPurpose;
  checked?: boolean;
  site: string;
  path?: string;
}

export interface FieldState {
  /** the value of a text field or select, absent for secrets and non-fields */
  value?: string;
  checked: boolean | null;
  /** a secret field holds something (its value is never read out) */
  filled: boolean;
}

/** How a replay step's action goes to the page (act-step.ts decides). */
export interface ActHow {
  /**
   * the workflow's last step, an input that is not a click or a key (act-step.ts `endsQuietly`): no
   * step follows that needs the page quiet, so a window of 2 ms instead of 10 is waited for
   */
  last?: boolean;
  /** typed by the page itself, with no debugger (actions.ts `typesInPage`: a Chrome Recorder change) */
  inPage?: boolean;
  /** holds the tab's requests while the action runs and says which may go (./request-hold.ts) */
  decide?: (request: SentRequest) => Promise<boolean>;
}

/** The tab as the replay engine sees it; the real one talks to the content script and the executor. */
export interface ReplayPage {
  url(): Promise<string>;
  resolve(fp: Fingerprint, aim?: AimAsk): Promise<Resolution>;
  /**
   * guard: ElementInfo.facts as judged; the page refuses (`changed`) if the element no longer
   * matches. aimed: the look's aim, used instead of aiming again while it is fresh.
   */
  act(action: BrowserAction, guard?: string, aimed?: AimedTarget, how?: ActHow): Promise<ActionResult>;
  /** ends the input guard of a look that aimed when its step does not act after all */
  release?(): Promise<void>;
  /** whether the tab's requests can be held while a step acts (absent: they cannot) */
  holdsRequests?(): Promise<boolean>;
  /** the host of a live connection (a WebSocket) the page opened, whose frames no hold sees (absent: none) */
  liveConnection?(): Promise<string | null>;
  /** budget in tokens (the page model's default when absent; 0 for the whole page) */
  snapshot(budget?: number): Promise<PageSnapshot>;
  describe(id: number): Promise<ElementInfo | null>;
  /** the element that has the keyboard focus now (what a bare key goes to); null when none has */
  describeFocused?(): Promise<ElementInfo | null>;
  fieldState(id: number): Promise<FieldState | null>;
  /** a fresh fingerprint of the element, written back to the workflow after a heal */
  fingerprint(id: number): Promise<Fingerprint | null>;
  /** an imported Chrome Recorder step's element from its selectors (src/content/replay/recorder-selectors.ts) */
  resolveSelectors?(selectors: RecorderSelector[], frame: number[], aim?: AimAsk): Promise<Resolution>;
  /** whether a Chrome Recorder waitForElement is met now */
  checkSelectors?(selectors: RecorderSelector[], frame: number[], wait: RecorderWait): Promise<{ met: boolean; count: number; url?: string }>;
  /** a Chrome Recorder scroll to a position */
  scrollTo?(selectors: RecorderSelector[], frame: number[], x: number, y: number): Promise<{ ok: boolean; message: string }>;
}

/**
 * The tabs of a replay (Chrome Recorder's targets): `page` acts in the current one. Absent: a
 * replay runs in one tab, and a step in another tab stops and says so.
 */
export interface ReplayTabs {
  /** makes the replay's tab n current; a tab not open yet is the one the last step opened, waited for. A message when it cannot. */
  enter(n: number): Promise<string | null>;
}

export interface ReplayPorts {
  page: ReplayPage;
  tabs?: ReplayTabs;
  /** absent: steps that do not match stop and ask instead of calling a model */
  llm?: LlmClient;
  saveWorkflow(w: Workflow): Promise<void>;
  saveState(s: ReplayState): Promise<void>;
  /** secret values for this replay, held in memory only */
  secrets(): Record<string, string>;
  /** keeps a value that turned out to be a secret with this replay's secrets (memory only), so a resumed replay still has it */
  keepSecret?(name: string, value: string): Promise<void>;
  /** read before every step: the person's pause and stop */
  control(): 'run' | 'pause' | 'stop';
  emit(e: RunEvent): void;
  now(): number;
  sleep(ms: number): Promise<void>;
  /** the start page the start opened, still loading: waited for before the first step, after the replay has said it started */
  opening?: Promise<unknown>;
}

export interface ReplayOptions {
  /** how long a step waits for its element to appear and match */
  resolveTimeoutMs: number;
  pollMs: number;
  /** the same for a Recorder file's selectors: a query costs the page about a millisecond, where a fingerprint's resolution walks the page */
  selectorPollMs: number;
  /** how long a match that does not agree (weak, ambiguous, disagreeing) may stay unchanged before healing starts */
  unchangedMs: number;
  /** how long a step waits for an expected navigation, and for the page a step starts on */
  navigationTimeoutMs: number;
}

export const DEFAULT_REPLAY_OPTIONS: ReplayOptions = { resolveTimeoutMs: 4_000, pollMs: 50, selectorPollMs: 20, unchangedMs: 1_000, navigationTimeoutMs: 10_000 };
