import type { PolicyRegistry, WebPolicy } from '../ctx';

export type { PolicyRegistry } from '../ctx';
import { fillText } from './fill-text';
import { chooseDate } from './choose-date';
import { select } from './select';
import { click } from './click';
import { check } from './check';
import { searchAndOpen } from './search-and-open';
import { act } from './act';
import { extract } from './extract';
import { clickAt } from './click-at';
import { each } from './each';
import { uploadFile } from './upload-file';

export const defaultPolicies: WebPolicy[] = [fillText, chooseDate, select, click, check, searchAndOpen, act, extract, each, clickAt, uploadFile];

/** "fill text", "Fill-Text" and "FILL_TEXT" all name the same policy. */
export function normalizePolicyName(name: string): string {
  return name.trim().toUpperCase().replace(/[\s-]+/g, '_').replace(/\(\)$/, '');
}

export function createPolicyRegistry(policies: WebPolicy[] = defaultPolicies): PolicyRegistry {
  const byName = new Map(policies.map((p) => [normalizePolicyName(p.name), p]));
  return {
    get: (name) => byName.get(normalizePolicyName(name)),
    list: () => [...byName.values()],
  };
}
