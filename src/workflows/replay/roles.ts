import type { WorkflowAction } from '../../shared/workflow';

/** Roles that stand for the same kind of control: a recorded "textbox" may come back as a "searchbox". */
const FAMILIES: string[][] = [
  ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  ['button', 'link', 'menuitem', 'tab', 'option', 'gridcell', 'treeitem', 'generic'],
  ['checkbox', 'switch', 'menuitemcheckbox'],
  ['radio', 'menuitemradio', 'option'],
  ['combobox', 'listbox'],
];

export function sameRoleFamily(a: string, b: string): boolean {
  if (!a || !b || a === b) return true;
  return FAMILIES.some((f) => f.includes(a) && f.includes(b));
}

/** Roles an action can be done on; a healed element outside these cannot be what the step meant. */
const ACTION_ROLES: Partial<Record<WorkflowAction['kind'], string[]>> = {
  type: ['textbox', 'searchbox', 'combobox', 'spinbutton'],
  select: ['combobox', 'listbox', 'textbox'],
  check: ['checkbox', 'radio', 'switch', 'menuitemcheckbox', 'menuitemradio', 'option'],
};

export function roleFitsAction(kind: WorkflowAction['kind'], role: string): boolean {
  const allowed = ACTION_ROLES[kind];
  return !allowed || allowed.includes(role);
}
