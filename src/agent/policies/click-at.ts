import guidance from '../../../prompts/policy-click-at.md?raw';
import type { WebPolicy } from '../ctx';

/** CLICK for what has no element: it always looks (a screenshot with every turn, for a model that sees). */
export const clickAt: WebPolicy = {
  name: 'CLICK_AT',
  usage: 'CLICK_AT "description": click something drawn on the page that has no element (a canvas button, a map, a picture)',
  guidance,
  looks: true,
};
