import guidance from '../../../prompts/policy-fill-text.md?raw';
import type { WebPolicy } from '../ctx';

export const fillText: WebPolicy = {
  name: 'FILL_TEXT',
  usage: 'FILL_TEXT "field" "text": type into a text field, picking the matching suggestion if a list appears',
  guidance,
};
