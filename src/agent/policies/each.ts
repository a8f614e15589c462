import { eachGuidance } from './each-items';
import { runEach } from './each-run';
import type { WebPolicy } from '../ctx';

/** Visits each item of a list on the page (a new tab per link) and does the same thing on each: HeaP's planner over one sub-task. */
export const each: WebPolicy = {
  name: 'EACH',
  usage: 'EACH "which items of the page, up to N" "column:type, ... to collect on each item\'s page, or an instruction to carry out there": open each item of a list (results, products, messages) in turn, do it there, and come back; the results make one table',
  guidance: eachGuidance,
  freeTarget: true,
  run: runEach,
};
