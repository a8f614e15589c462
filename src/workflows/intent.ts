import type { Fingerprint } from '../shared/fingerprint';
import type { WorkflowAction } from '../shared/workflow';

const KIND_WORD: Record<string, string> = {
  button: 'button',
  link: 'link',
  tab: 'tab',
  menuitem: 'menu item',
  option: 'option',
  checkbox: 'checkbox',
  radio: 'option',
  switch: 'switch',
};

/** The words a person would use for the element: its label, else its name, text, placeholder or id. */
export function targetName(fp: Fingerprint | undefined): string {
  if (!fp) return '';
  return (fp.label || fp.name || fp.text || fp.placeholder || fp.testId || fp.domId || fp.nameAttr || '').trim();
}

function quoted(fp: Fingerprint | undefined): string {
  const name = targetName(fp);
  if (name) return `"${name.length > 60 ? name.slice(0, 59) + '…' : name}"`;
  // nothing names it (a Recorder step found by `input[type="password"]` alone): say what kind of field it is
  return fp?.inputType === 'password' ? 'the password field' : fp?.inputType === 'email' ? 'the email field' : 'the element';
}

/**
 * What a step is for, in words ('type {{to}} into "To"', 'click the "Search flights" button').
 * It is shown in the timeline and is the model's whole brief when a step has to be healed, so it
 * carries the variable's placeholder, never the value (which may be a secret).
 */
export function intentOf(action: WorkflowAction, fp?: Fingerprint): string {
  const what = quoted(fp);
  switch (action.kind) {
    case 'navigate':
      return `go to ${action.url}`;
    case 'click': {
      const kind = fp ? KIND_WORD[fp.role] : undefined;
      return kind ? `click the ${what} ${kind}` : `click ${what}`;
    }
    case 'type':
      return `type ${action.value} into ${what}`;
    case 'select':
      return `choose ${action.values.join(', ')} in ${what}`;
    case 'check':
      if (fp?.role === 'radio') return `choose the ${what} option`;
      return `${action.checked ? 'tick' : 'untick'} ${what}`;
    case 'press':
      return fp ? `press ${action.keys} in ${what}` : `press ${action.keys}`;
    case 'wait':
      return fp ? `wait for ${what}` : 'wait';
    case 'hover':
      return `move the pointer over ${what}`;
    case 'double_click':
      return `double-click ${what}`;
    case 'upload':
      return `attach ${action.file} to ${what}`;
    case 'scroll':
      return `scroll ${fp ? what : 'the page'} to ${action.x}, ${action.y}`;
    case 'extract':
      return `read ${action.title} into a table (${action.columns.map((c) => c.name).join(', ')})`;
  }
}
