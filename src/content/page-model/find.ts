import { FindQuery, type FoundElement } from '../../shared/page';
import { lineOf } from './format';
import { idFor } from './ids';
import { walkPage } from './snapshot';

const ROLE_ALIASES: Record<string, string[]> = {
  textbox: ['textbox', 'searchbox', 'combobox'],
  input: ['textbox', 'searchbox', 'combobox', 'checkbox', 'radio', 'slider', 'spinbutton'],
  heading: ['heading'],
  text: ['text', 'heading'],
};

/**
 * Searches the whole page, not only what fitted in the budget. Text matches on a paragraph
 * give that paragraph's block an id, so the agent can scroll to it or wait for it.
 */
export function find(input: FindQuery): FoundElement[] {
  const q = FindQuery.parse(input);
  const needle = q.text?.toLowerCase().trim();
  const role = q.role?.toLowerCase().trim();
  const roles = role ? (ROLE_ALIASES[role] ?? [role]) : null;
  const out: FoundElement[] = [];
  for (const item of walkPage().items) {
    if (roles && !roles.includes(item.role)) continue;
    if (needle && !item.name.toLowerCase().includes(needle) && !lineOf(item).toLowerCase().includes(needle)) continue;
    if (!item.id) item.id = idFor(item.el);
    const line = lineOf(item);
    out.push({ id: item.id, line: item.kind === 'text' ? `<text id=${item.id}>${line}</text>` : line, inViewport: item.region === 'in' });
    if (out.length >= q.limit) break;
  }
  return out;
}
