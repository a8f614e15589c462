import { z } from 'zod';
import type { LlmResponse, ToolSpec } from '../../shared/llm';
import type { Cell, TableColumn } from '../../shared/table';
import type { Validated } from '../../core/actions/validate';
import { lazy } from '../../shared/lazy';

/** The model's reading of one page: rows in column order, and how to reach the next page. */
export interface ExtractReply {
  thought: string;
  rows: Cell[][];
  /** columns the model says the page does not show */
  missing: string[];
  /** id of the control that shows the next page of the same data; absent on the last page */
  next?: number;
  /** words to look up on the page beyond the part shown (the page model's budget cut it) */
  find: string[];
}

const CellArg = lazy(() => z.union([z.string(), z.number(), z.null()]));

export const ExtractArgs = lazy(() => z.object({
  thought: z.string().describe('one or two short sentences'),
  rows: z.array(z.array(CellArg)).describe('one list per row, values in column order, copied exactly as the page shows them; null where a row has no value'),
  missing: z.array(z.string()).optional().describe('columns the page does not show at all'),
  next: z.number().optional().describe('id of the link or button that shows the next page of this data; omit on the last page'),
  find: z.array(z.string()).optional().describe('words to look for when the page says parts were left out'),
}));

export const extractTool: ToolSpec = {
  name: 'extract',
  description: 'Give the rows of data on the current page, and the next-page control if there is one.',
  schema: ExtractArgs,
};

const HEADER = /^(thought|rows|missing|next|find)\s*:\s*(.*)$/i;

/** The text grammar: `Thought:`, `Rows:` with `value | value` lines, `Missing:`, `Next: 31` or `Next: none`, `Find:`. */
export function parseExtractText(text: string): Validated<Omit<ExtractReply, 'rows'> & { rows: string[][] }> {
  const out = { thought: '', rows: [] as string[][], missing: [] as string[], find: [] as string[], next: undefined as number | undefined };
  let section = '';
  let sawRows = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const header = HEADER.exec(line);
    if (header) {
      section = header[1]!.toLowerCase();
      const rest = header[2]!.trim();
      if (section === 'rows') sawRows = true;
      if (section === 'thought') out.thought = rest;
      if (section === 'missing' && rest && !/^none\.?$/i.test(rest)) out.missing = rest.split(/\s*,\s*/).filter(Boolean);
      if (section === 'find' && rest) out.find = rest.split(/\s*,\s*/).map((w) => w.replace(/^"|"$/g, '')).filter(Boolean);
      if (section === 'next' && rest && !/^(none|no|-)\.?$/i.test(rest)) {
        const id = /^(?:id\s*=?\s*)?(\d+)$/i.exec(rest);
        if (!id) return { ok: false, reason: `"Next: ${rest}" is not an element id or none` };
        out.next = Number(id[1]);
      }
      continue;
    }
    if (!line) continue;
    if (section === 'thought') out.thought = `${out.thought} ${line}`.trim();
    // a markdown table's rule line ("---|---") carries no data
    else if (section === 'rows' && !/^\|?[\s:|-]+\|?$/.test(line)) out.rows.push(line.replace(/^\||\|$/g, '').split('|').map((c) => c.trim()));
  }
  if (!sawRows) return { ok: false, reason: 'the answer has no `Rows:` section' };
  return { ok: true, value: out };
}

/** Tool arguments or text, checked for shape: each row has one value per column, `next` is on the page. */
export function interpretExtract(response: LlmResponse, columns: TableColumn[], ids: Set<number>, tools: boolean): Validated<ExtractReply> {
  const call = response.toolCalls.find((c) => c.name === extractTool.name);
  let reply: ExtractReply;
  if (tools && call) {
    const parsed = ExtractArgs.safeParse(call.args ?? {});
    if (!parsed.success) return { ok: false, reason: `the extract call is malformed: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}` };
    const { thought, rows, missing = [], next, find = [] } = parsed.data;
    reply = { thought, rows, missing, find, ...(next === undefined ? {} : { next }) };
  } else {
    const parsed = parseExtractText(response.text);
    if (!parsed.ok) return parsed;
    reply = { ...parsed.value, rows: parsed.value.rows.map((r) => r.map((c) => (c === '' || /^null$/i.test(c) ? null : c))) };
  }
  const bad = reply.rows.findIndex((r) => r.length !== columns.length);
  if (bad >= 0) {
    return { ok: false, reason: `row ${bad + 1} has ${reply.rows[bad]!.length} values; give exactly ${columns.length}, in the order ${columns.map((c) => c.name).join(', ')} (null for none)` };
  }
  if (reply.next !== undefined && !ids.has(reply.next)) return { ok: false, reason: `there is no element with id ${reply.next} on the page for the next page` };
  return { ok: true, value: reply };
}
