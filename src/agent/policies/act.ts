import guidance from '../../../prompts/policy-act.md?raw';
import type { WebPolicy } from '../ctx';

export const act: WebPolicy = {
  name: 'ACT',
  usage: 'ACT "instruction": anything else (scroll, hover, keys, going back, closing a dialog)',
  guidance,
  freeTarget: true,
};
