import type { LlmServer } from './llm-server';

/**
 * The arena's sign-in as a Chrome DevTools Recorder file recorded on its first layout ("Sign in"),
 * for tests that replay it on the redesigned layout where the button reads "Log in".
 */
export function signInRecorderFile(startUrl: string): string {
  const click = { type: 'click', target: 'main', selectors: [['aria/Sign in[role="button"]'], ['#submit'], ['text/Sign in']], offsetX: 10, offsetY: 5 };
  const change = (value: string, selectors: string[][]) => ({ type: 'change', value, target: 'main', selectors });
  const steps = [{ type: 'navigate', url: startUrl }, change('ann', [['aria/Username'], ['#username']]), change('x', [['input[type=password]']]), click];
  return JSON.stringify({ title: 'Sign in to Harbor Bank', steps });
}

/** A model that is not sure of any repair a replay asks it for: the replay stops and asks the person. */
export function healUnsure(llm: LlmServer): void {
  llm.script({ name: 'heal', match: (r) => r.system.includes('You repair one step of a saved browser workflow'), answer: () => ({ text: 'Thought: not sure.\nConfidence: low\nActions:\nask "not found"' }) });
}
