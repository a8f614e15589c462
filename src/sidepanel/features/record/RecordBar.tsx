import type { TargetTab } from '../../use-target-tab';

/** The Record button and, while recording, the live list of captured steps. */
export function RecordBar(_props: { tab: TargetTab }) {
  return null;
}
