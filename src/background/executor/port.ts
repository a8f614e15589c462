import type { z } from 'zod';
import type { PageMessageName, PageMessages } from '../../shared/messages/page';
import type { CdpSend } from './cdp-input';
import type { Decide, Hold } from './request-hold-core';
import type { SentRequest } from '../../shared/effect';

export type PageParams<N extends PageMessageName> = z.input<PageMessages[N]['params']>;
export type PageResult<N extends PageMessageName> = z.output<PageMessages[N]['result']>;

/** The page's content script is gone (navigation, closed tab) or not there yet. */
export class PageGone extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageGone';
  }
}

/**
 * What the action runner needs from a tab. The extension implements it with messages, the
 * debugger and chrome.tabs; tests implement it with Playwright on a plain page.
 */
export interface PagePort {
  /** a page.* message to the top frame's content script; throws PageGone when nobody answers */
  call<N extends PageMessageName>(name: N, params: PageParams<N>, timeoutMs?: number): Promise<PageResult<N>>;
  /** trusted input, or null when it is unavailable (then the runner uses DOM-level input) */
  input(): Promise<CdpSend | null>;
  /** set where the browser has no trusted input at all: why, in words for the person */
  untrustedReason?: string;
  navigate(url: string): Promise<void>;
  back(): Promise<void>;
  /** waits for a document loaded at or after `since` (epoch ms) to answer; its URL, or null on timeout */
  waitForDocument(since: number, timeoutMs: number): Promise<string | null>;
  url(): Promise<string>;
  /**
   * Runs an action with the tab's requests held (effect-hold.ts): `decide` says which may go.
   * Absent, or `hold` null, where the browser cannot pause requests.
   */
  holdRequests?<T>(decide: Decide, act: (hold: Hold | null) => Promise<T>): Promise<T>;
  /**
   * Runs a look with the tab shut to state-changing requests (look-hold.ts): `refused` is the first
   * one the page tried. Absent where no browser rule can be set.
   */
  shutWrites?<T>(act: () => Promise<T>): Promise<{ value: T; refused: SentRequest | null }>;
  /** false when the hold could not see the page's own requests held (effect-hold.ts `holdProven`): judge by words */
  holdProven?(): boolean;
  /** the host of a live connection (a WebSocket) the page opened since it loaded, or null (live-connections.ts) */
  liveConnection?(): Promise<string | null>;
  /** the tab's title, from the browser (no page message) */
  title?(): Promise<string>;
}
