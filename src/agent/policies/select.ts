import guidance from '../../../prompts/policy-select.md?raw';
import type { WebPolicy } from '../ctx';

export const select: WebPolicy = {
  name: 'SELECT',
  usage: 'SELECT "dropdown" "option": choose an option in a native or custom dropdown',
  guidance,
};
