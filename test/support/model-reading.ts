import type { RecordedRequest } from './llm-server';

/**
 * Helpers for scripted answers that read a request the way a model would: which role is asking,
 * what the instruction is, and which element on the page carries a label.
 */

/** The parts of a request a model reads; a recorded request has them, and so does an in-process one. */
export type ModelInput = Pick<RecordedRequest, 'system' | 'lastUser' | 'toolNames'>;

export const isPlanner = (r: ModelInput) => r.toolNames.includes('plan') || /You plan web tasks/.test(r.system);
export const isReflection = (r: ModelInput) => r.toolNames.includes('reflect');
export const isPolicy = (r: ModelInput, name?: string) =>
  !isPlanner(r) && !isReflection(r) && (name ? new RegExp(`web policy ${name}\\b`).test(r.system) : /web policy/.test(r.system));

/** The page model text the request carries (between the last <page> tags of the last user turn). */
export function pageOf(r: ModelInput): string {
  const m = /<page>\n?([\s\S]*?)\n?<\/page>(?![\s\S]*<page>)/.exec(r.lastUser);
  if (!m) throw new Error('the request carries no page');
  return m[1]!;
}

export function instructionOf(r: ModelInput): string {
  return /Your instruction: (.*)/.exec(r.lastUser)?.[1] ?? '';
}

/** The person's task as the request states it ("Current task:" for the planner, "Task of the person:" for a policy). */
export function taskOf(r: ModelInput): string {
  return /(?:Current task|Task of the person): (.*)/.exec(r.lastUser)?.[1] ?? '';
}

/** The policy call a policy request carries: FILL_TEXT "From" "Boston" -> { policy, target, value }. */
export function callOf(r: ModelInput): { policy: string; target: string; value: string } {
  const line = instructionOf(r);
  const policy = /^\s*([A-Z_]+)/.exec(line)?.[1] ?? '';
  const quoted = [...line.matchAll(/"((?:[^"\\]|\\.)*)"/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
  return { policy, target: quoted[0] ?? '', value: quoted[1] ?? '' };
}

/** How many actions this policy call already took (from "Your previous actions in this step"). */
export function previousActionsOf(r: ModelInput): string[] {
  const block = /Your previous actions in this step[^\n]*\n<page-log>\n([\s\S]*?)\n(?:\n|<\/page-log>)/.exec(r.lastUser)?.[1] ?? '';
  return block.split('\n').filter((l) => l.trim() && !/^\((?:none|nothing)/i.test(l.trim()));
}

/** The agent's notes to the model for this turn (a refused action, a hand-off, no change). */
export function notesOf(r: ModelInput): string[] {
  const block = /\nNotes:\n([\s\S]*?)\n(?:\n|<\/page-log>)/.exec(r.lastUser)?.[1] ?? '';
  return block.split('\n').map((l) => l.replace(/^- /, '').trim()).filter(Boolean);
}

/** The planner's account of what this attempt already did. */
export function progressOf(r: ModelInput): string {
  return /What has been done so far in this attempt[^\n]*\n<page-log>\n([\s\S]*?)\n<\/page-log>/.exec(r.lastUser)?.[1] ?? '';
}

/** True when the prompt asks for one action per answer (the iterative baseline). */
export const wantsOneAction = (r: ModelInput) => /Give exactly one action/.test(r.system);

/** The id of the element whose line mentions `text` (a label, a button's text), as a model reads it. */
export function idFor(page: string, text: string, opts: { tag?: string } = {}): number {
  const lines = page.split('\n').filter((l) => /\bid=\d+/.test(l) && (!opts.tag || l.trimStart().startsWith(`<${opts.tag}`)));
  const exact = lines.find((l) => new RegExp(`label="${escape(text)}"|>${escape(text)}<`, 'i').test(l));
  const loose = exact ?? lines.find((l) => l.toLowerCase().includes(text.toLowerCase()));
  if (!loose) throw new Error(`no element for "${text}" on the page:\n${page}`);
  return Number(/\bid=(\d+)/.exec(loose)![1]);
}

/** One element line of the page model, read into its parts. */
export interface PageElement {
  id: number;
  tag: string;
  type: string;
  label: string;
  placeholder: string;
  /** the shown value; "(filled)" or "(empty)" for secret fields */
  value: string;
  /** content text: a button's or link's name */
  text: string;
  checked: boolean;
  expanded: boolean;
  collapsed: boolean;
  disabled: boolean;
  line: string;
}

export function elementsOf(page: string): PageElement[] {
  const out: PageElement[] = [];
  for (const raw of page.split('\n')) {
    const line = raw.trim();
    const m = /^<([\w-]+) id=(\d+)([^>]*)>(?:(.*)<\/[\w-]+>)?$/.exec(line);
    if (!m) continue;
    const attrs = m[3] ?? '';
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1] ?? '';
    out.push({
      id: Number(m[2]),
      tag: m[1]!,
      type: /\btype=(\w+)/.exec(attrs)?.[1] ?? '',
      label: attr('label'),
      placeholder: attr('placeholder'),
      value: attr('value') || (/\bvalue=(\(\w+\))/.exec(attrs)?.[1] ?? ''),
      text: m[4] ?? '',
      checked: /\schecked(?=[\s>]|$)/.test(attrs),
      expanded: /\sexpanded\b/.test(attrs),
      collapsed: /\scollapsed\b/.test(attrs),
      disabled: /\sdisabled\b/.test(attrs),
      line,
    });
  }
  return out;
}

const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** The element a description names: an exact label or text first, then one that contains it. */
export function findElement(els: PageElement[], description: string, accept: (e: PageElement) => boolean = () => true): PageElement | undefined {
  const want = norm(description);
  const candidates = els.filter(accept);
  const name = (e: PageElement) => norm(e.label || e.text || e.placeholder);
  return (
    candidates.find((e) => name(e) === want) ??
    candidates.find((e) => name(e).startsWith(want)) ??
    candidates.find((e) => name(e).includes(want)) ??
    candidates.find((e) => norm(e.placeholder) === want)
  );
}

/** Text lines of the page (not element lines), without the "(new) " mark. */
export function textLinesOf(page: string): string[] {
  return page
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !/^<[\w-]+ id=\d+/.test(l))
    .map((l) => l.replace(/^\(new\) /, ''));
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
