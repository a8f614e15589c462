import type { Connection } from '../../use-connection';
import type { TargetTab } from '../../use-target-tab';

export function ChatView({ connection, tab }: { connection: Connection; tab: TargetTab }) {
  return (
    <section className="chat">
      <p className="muted small" data-testid="target-tab">
        Working in: {tab.title || tab.url || 'no tab'}
      </p>
      <p className="muted">{connection.connected ? 'Ask for a web task below.' : 'Waiting for the extension to wake up…'}</p>
    </section>
  );
}
