import type { RunRecord } from '../../../storage/db';
import type { TargetTab } from '../../use-target-tab';
import { showTab } from './OtherRuns';
import { runTabInWords } from './run-tabs';

/**
 * Where the co-pilot works: the tab this panel shows, or, while a run works in another of its
 * tabs (one it opened, or the one it started in), that tab by name, with a way to go there.
 */
export function RunTabLine({ run, tab }: { run?: RunRecord; tab: TargetTab }) {
  const where = run && runTabInWords(run, tab.tabId);
  // in the tab the panel shows, the tab's own title now: the run's stored one is from its last step (the person may have browsed since)
  if (!where || !where.elsewhere) {
    return (
      <div className="muted small ellipsis" data-testid="target-tab" title={tab.url}>
        Working in: {tab.title || tab.url || 'no tab'}
      </div>
    );
  }
  return (
    <div className="row run-tab small" data-testid="target-tab" data-elsewhere={where.elsewhere}>
      {/* wraps rather than cuts: the tab's name is the point */}
      <span className="muted run-tab-name">
        {where.text}
      </span>
      {where.elsewhere && (
        <button className="link" onClick={() => void showTab(where.tabId)}>
          Go to that tab
        </button>
      )}
    </div>
  );
}
