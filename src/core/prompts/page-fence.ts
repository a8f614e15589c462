/**
 * Everything a website controls (page text, its title and address, element lines, what the page
 * or the executor said about an action, pages of recorded or imported demonstrations) reaches a
 * model only in the user turn, between fence tags, length-capped and defused:
 * - a fence tag written by the page ("</page>") cannot close the fence and speak outside it;
 * - a line like "=== user ===" (the marker that separates a template's system and user parts)
 *   is broken up, so it means nothing to a template or to a model that learnt the convention;
 * - a value longer than its cap is cut with a visible note, so a 100k-character title cannot
 *   crowd out the task.
 */

/** The fences prompts use. Every one of them is defused inside every other. */
export const FENCE_TAGS = ['page', 'example-page', 'example', 'page-log', 'download'] as const;
export type FenceTag = (typeof FENCE_TAGS)[number];

/** Caps in characters. The page text is already cut to the run's token budget by the page model; this is the backstop. */
export const CAPS = {
  page: 120_000,
  title: 300,
  url: 1_000,
  /** one element line, one error message, one recorded value */
  line: 500,
  /** one step of a log: the action, the element line it touched and what the page did */
  step: 1_000,
  /** a downloaded file's text, already cut to its token budget (background/executor/download-text.ts) */
  download: 60_000,
} as const;

const FENCE_TAG = new RegExp(`<(?=\\s*/?\\s*(?:${FENCE_TAGS.join('|')})\\b)`, 'gi');
/** "=== user ===", "=== SYSTEM ===", "===user===" and the like: a run of 3+ "=" next to a role word. */
const ROLE_MARK = /={3,}(?=[ \t]*(?:user|system|assistant)\b)|(?<=\b(?:user|system|assistant)[ \t]*)={3,}/gi;

/** Cuts `text` to `cap` characters, saying how much was left out. */
export function capText(text: string, cap: number): string {
  if (text.length <= cap) return text;
  return `${text.slice(0, cap)}…(cut: ${text.length - cap} more characters)`;
}

/** Page-derived text made safe to place between fence tags: capped, fence tags and role markers defused. */
export function fencePageText(text: string, cap: number = CAPS.page): string {
  return capText(text, cap).replace(FENCE_TAG, '&lt;').replace(ROLE_MARK, '==');
}

/** A short page-derived string (a title, an address, an element line, an error): one line, capped, defused. */
export function pageLine(text: string, cap: number = CAPS.line): string {
  return fencePageText(text.replace(/\s+/g, ' ').trim(), cap);
}

/** `text` between `<tag>` and `</tag>`, defused and capped. */
export function fenced(tag: FenceTag, text: string, cap?: number): string {
  return `<${tag}>\n${fencePageText(text, cap)}\n</${tag}>`;
}
