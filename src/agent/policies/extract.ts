import { extractGuidance } from './extract-prompt';
import { runExtract } from './extract-run';
import type { WebPolicy } from '../ctx';

/** Reads rows of data off the page (and its next pages) into a table whose every value is on the page. */
export const extract: WebPolicy = {
  name: 'EXTRACT',
  usage: 'EXTRACT "what to collect, and up to how many pages" "column:type, ...": read rows of data off the page and its next pages into a table (types: text, number, date, url)',
  guidance: extractGuidance,
  freeTarget: true,
  run: runExtract,
};
