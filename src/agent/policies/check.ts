import guidance from '../../../prompts/policy-check.md?raw';
import type { WebPolicy } from '../ctx';

export const check: WebPolicy = {
  name: 'CHECK',
  usage: 'CHECK "group or box" "items, comma separated": tick one or several check boxes or radio buttons',
  guidance,
};
