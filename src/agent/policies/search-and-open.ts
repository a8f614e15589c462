import guidance from '../../../prompts/policy-search-and-open.md?raw';
import type { WebPolicy } from '../ctx';

export const searchAndOpen: WebPolicy = {
  name: 'SEARCH_AND_OPEN',
  usage: 'SEARCH_AND_OPEN "query" "which result": search, page through results, open the matching one',
  guidance,
  freeTarget: true,
};
