import type { PlanStep } from '../../shared/run-events';
import type { TableColumn } from '../../shared/table';
import { parseColumns } from './extract-schema';

/**
 * What one EACH call asks for: which items of the page to visit, at most how many, and what to do
 * on each item's page: collect columns (read like EXTRACT, one row an item) or carry out a small
 * instruction (run like ACT).
 */
export interface EachSpec {
  items: string;
  limit: number;
  subTask: { kind: 'collect'; columns: TableColumn[] } | { kind: 'do'; instruction: string };
}

/** Items visited when the call names no limit; a list longer than this is more than one step should do unasked. */
export const DEFAULT_ITEM_LIMIT = 10;
const ITEM_CAP = 25;

/** "the results, up to 5", "the first 3 results", "5 items": a number of items in the target's words. */
export function itemLimitIn(target: string): number {
  const m = /\b(?:up to|at most|max(?:imum)?|first|top)\s+(\d+)\b/i.exec(target) ?? /\b(\d+)\s+(?:items?|results?|products?|rows?|links?|entries|messages?)\b/i.exec(target);
  const n = m ? Number(m[1]) : DEFAULT_ITEM_LIMIT;
  return Math.max(1, Math.min(ITEM_CAP, n));
}

/**
 * The value is either columns with their types (`rating:number, reviews:number`: collect them), or
 * words of an instruction (`click Add to wishlist`). Columns need every part typed, so an
 * instruction with a colon in it is not read as a table by accident.
 */
export function eachSpec(call: PlanStep): { ok: true; spec: EachSpec } | { ok: false; reason: string } {
  const items = call.target.trim();
  if (!items) return { ok: false, reason: 'EACH needs the items to visit as its target, e.g. EACH "the search results, up to 5" "rating:number"' };
  const value = call.value.trim();
  if (!value) return { ok: false, reason: 'EACH needs what to do on each item as its value: columns to collect ("rating:number") or an instruction ("click Add to wishlist")' };
  const parts = value.split(/[,;\n]/).map((p) => p.trim()).filter(Boolean);
  const typed = parts.every((p) => /:\s*[A-Za-z]+$|\(\s*[A-Za-z]+\s*\)$/.test(p));
  const columns = typed ? parseColumns(value) : null;
  const subTask: EachSpec['subTask'] = columns?.ok ? { kind: 'collect', columns: columns.columns } : { kind: 'do', instruction: value };
  if (columns && !columns.ok) return { ok: false, reason: `EACH: ${columns.reason}` };
  return { ok: true, spec: { items, limit: itemLimitIn(items), subTask } };
}
