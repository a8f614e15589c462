import type { RecordedRequest } from './llm-server';

/**
 * Helpers for scripted answers that read a request the way a model would: which role is asking,
 * what the instruction is, and which element on the page carries a label.
 */
export const isPlanner = (r: RecordedRequest) => r.toolNames.includes('plan') || /You plan web tasks/.test(r.system);
export const isReflection = (r: RecordedRequest) => r.toolNames.includes('reflect');
export const isPolicy = (r: RecordedRequest, name?: string) =>
  !isPlanner(r) && !isReflection(r) && (name ? new RegExp(`web policy ${name}\\b`).test(r.system) : /web policy/.test(r.system));

/** The page model text the request carries (between the last <page> tags of the last user turn). */
export function pageOf(r: RecordedRequest): string {
  const m = /<page>\n?([\s\S]*?)\n?<\/page>(?![\s\S]*<page>)/.exec(r.lastUser);
  if (!m) throw new Error('the request carries no page');
  return m[1]!;
}

export function instructionOf(r: RecordedRequest): string {
  return /Your instruction: (.*)/.exec(r.lastUser)?.[1] ?? '';
}

/** How many actions this policy call already took (from "Your previous actions in this step"). */
export function previousActionsOf(r: RecordedRequest): string[] {
  const block = /Your previous actions in this step:\n([\s\S]*?)\n(?:\n|Current page)/.exec(r.lastUser)?.[1] ?? '';
  return block.split('\n').filter((l) => l.trim() && !/^\(none|nothing/i.test(l.trim()));
}

/** The id of the element whose line mentions `text` (a label, a button's text), as a model reads it. */
export function idFor(page: string, text: string, opts: { tag?: string } = {}): number {
  const lines = page.split('\n').filter((l) => /\bid=\d+/.test(l) && (!opts.tag || l.trimStart().startsWith(`<${opts.tag}`)));
  const exact = lines.find((l) => new RegExp(`label="${escape(text)}"|>${escape(text)}<`, 'i').test(l));
  const loose = exact ?? lines.find((l) => l.toLowerCase().includes(text.toLowerCase()));
  if (!loose) throw new Error(`no element for "${text}" on the page:\n${page}`);
  return Number(/\bid=(\d+)/.exec(loose)![1]);
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
