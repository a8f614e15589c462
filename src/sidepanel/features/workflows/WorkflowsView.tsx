import type { TargetTab } from '../../use-target-tab';

export function WorkflowsView(_props: { tab: TargetTab }) {
  return (
    <section className="workflows">
      <p className="muted">No saved workflows yet. Record a task to create one.</p>
    </section>
  );
}
