import { Composer } from './Composer';
import { useAsk } from './use-ask';
import { useFollowUp } from './use-follow-up';

/**
 * The message box with its one status line. With no run going on it starts a task; while a run
 * works it stays open, and what is typed is added to that run as a note for its next plan.
 */
export function ComposerArea({ tabId, chatId, runId, connected }: { tabId: number | undefined; chatId: string | undefined; runId: string | undefined; connected: boolean }) {
  const { ask, error, starting } = useAsk(tabId, chatId);
  const note = useFollowUp(runId);
  const shownError = runId ? note.error : error;
  return (
    <>
      {starting && (
        <p role="status" className="muted small composer-error" data-testid="starting">
          {starting}
        </p>
      )}
      {shownError && (
        <p role="alert" className="error composer-error" data-testid="start-error">
          {shownError}
        </p>
      )}
      <Composer disabled={!connected || tabId === undefined || !!starting} onSend={runId ? note.add : ask} adding={!!runId} />
    </>
  );
}
