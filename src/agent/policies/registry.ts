import type { PolicyRegistry, WebPolicy } from '../ctx';
import { normalizePolicyName } from './names';

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

/** Their names are in names.ts too, in the same order, for what must not import the policies. */
export const defaultPolicies: WebPolicy[] = [fillText, chooseDate, select, click, check, searchAndOpen, act, extract, each, clickAt, uploadFile];

export function createPolicyRegistry(policies: WebPolicy[] = defaultPolicies): PolicyRegistry {
  const byName = new Map(policies.map((p) => [normalizePolicyName(p.name), p]));
  return {
    get: (name) => byName.get(normalizePolicyName(name)),
    list: () => [...byName.values()],
  };
}
