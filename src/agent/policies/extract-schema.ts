import type { PlanStep } from '../../shared/run-events';
import { ColumnType, type TableColumn } from '../../shared/table';

/** What one EXTRACT call asks for: the columns, and how many pages it may read. */
export interface ExtractSpec {
  title: string;
  columns: TableColumn[];
  maxPages: number;
}

/** Pages read when the call names no limit: enough for a results list, bounded so a run cannot page forever. */
export const DEFAULT_MAX_PAGES = 10;
const PAGE_CAP = 50;

const TYPE_WORDS: Record<string, ColumnType> = {
  text: 'text', string: 'text', str: 'text', name: 'text',
  number: 'number', num: 'number', int: 'number', integer: 'number', float: 'number', decimal: 'number',
  price: 'number', money: 'number', currency: 'number', amount: 'number',
  date: 'date', time: 'date', datetime: 'date',
  url: 'url', link: 'url', href: 'url',
};

/**
 * `name:text, price:number, rating` or `name (text); price (number)`: a column name, then
 * optionally its type; a column without one is text. Unknown type words are refused so the
 * planner learns the four types rather than silently getting text.
 */
export function parseColumns(schema: string): { ok: true; columns: TableColumn[] } | { ok: false; reason: string } {
  const parts = schema.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean);
  if (!parts.length) return { ok: false, reason: 'EXTRACT needs its columns as the value, e.g. "name:text, price:number"' };
  const columns: TableColumn[] = [];
  for (const part of parts) {
    const m = /^(.+?)\s*(?::\s*([A-Za-z]+)|\(\s*([A-Za-z]+)\s*\))?$/.exec(part);
    const name = (m?.[1] ?? part).replace(/^["'`]|["'`]$/g, '').trim();
    const word = (m?.[2] ?? m?.[3] ?? 'text').toLowerCase();
    const type = TYPE_WORDS[word];
    if (!name) return { ok: false, reason: `"${part}" has no column name` };
    if (!type) return { ok: false, reason: `column "${name}" has the unknown type "${word}"; use text, number, date or url` };
    if (columns.some((c) => c.name.toLowerCase() === name.toLowerCase())) return { ok: false, reason: `column "${name}" is named twice` };
    columns.push({ name, type });
  }
  return { ok: true, columns };
}

/** "all results, up to 3 pages" or "the first 2 pages": a page limit in the target's words. */
export function pageLimitIn(target: string): number {
  const m = /(\d+)\s*(?:result\s+)?pages?\b/i.exec(target) ?? /\bpages?\s*[:=]?\s*(\d+)/i.exec(target);
  if (/\b(?:this|current|one)\s+page\b/i.test(target) && !m) return 1;
  const n = m ? Number(m[1]) : DEFAULT_MAX_PAGES;
  return Math.max(1, Math.min(PAGE_CAP, n));
}

export function extractSpec(call: PlanStep): { ok: true; spec: ExtractSpec } | { ok: false; reason: string } {
  const columns = parseColumns(call.value);
  if (!columns.ok) return columns;
  return { ok: true, spec: { title: call.target || 'Extracted data', columns: columns.columns, maxPages: pageLimitIn(call.target) } };
}
