/**
 * Trusted input (events the page sees with isTrusted === true) comes from Chrome's debugger API.
 * Firefox has no such API: there the executor uses DOM-level input, which most pages accept
 * (typed text goes through insertText, which pages see as trusted input events) but some ignore
 * (clicks, keys and hovers are synthetic). This module says which one the browser has, and says
 * to the person, in plain words, when a step may have been ignored for that reason.
 */

export function debuggerApi(): typeof chrome.debugger | undefined {
  const api = typeof chrome === 'undefined' ? undefined : (chrome as { debugger?: Partial<typeof chrome.debugger> }).debugger;
  return api?.attach ? chrome.debugger : undefined;
}

/** Why input in this browser is DOM-level, or undefined where trusted input exists. */
export function untrustedInputReason(): string | undefined {
  if (debuggerApi()) return undefined;
  return 'this browser gives extensions no trusted input, so the co-pilot clicked and pressed keys with simulated events, which some pages ignore; if nothing happened, do this step yourself and tell the co-pilot to go on';
}
