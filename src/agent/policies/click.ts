import guidance from '../../../prompts/policy-click.md?raw';
import type { WebPolicy } from '../ctx';

export const click: WebPolicy = {
  name: 'CLICK',
  usage: 'CLICK "description": click the button, link, tab or menu item that matches',
  guidance,
};
