import guidance from '../../../prompts/policy-choose-date.md?raw';
import type { WebPolicy } from '../ctx';

export const chooseDate: WebPolicy = {
  name: 'CHOOSE_DATE',
  usage: 'CHOOSE_DATE "field" "date": set a date, by typing it or through the date picker',
  guidance,
};
