import { useState } from 'react';
import { send } from '../../../platform/rpc';
import { DeleteButton } from '../../confirm-delete';
import { useChatList } from './use-chat';
import { titleInWords, useChatSummaries, type ChatSummary } from './history-summary';

const when = (t: number, seconds = false) => new Date(t).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: seconds ? 'medium' : 'short' });

/** Chats the list would show alike (same title, same minute: two replays of one workflow): their times get seconds. */
function alike(chats: { id: string; title: string; updatedAt: number }[]): Set<string> {
  const key = (c: { title: string; updatedAt: number }) => `${titleInWords(c.title)}\n${when(c.updatedAt)}`;
  const count = new Map<string, number>();
  for (const c of chats) count.set(key(c), (count.get(key(c)) ?? 0) + 1);
  return new Set(chats.filter((c) => count.get(key(c))! > 1).map((c) => c.id));
}

/** The chats of this browser, latest first: reopen one in this tab, or delete it (after asking). */
export function ChatHistory({ current, onOpen, onDeleted, onClose }: { current?: string; onOpen: (id: string) => void; onDeleted: (id: string) => void; onClose: () => void }) {
  const chats = useChatList();
  const summaries = useChatSummaries(chats);
  const twins = alike(chats);
  const [problem, setProblem] = useState<string>();
  const remove = async (chatId: string) => {
    setProblem(undefined);
    const r = await send('chat.delete', { chatId }).catch((e: Error) => ({ ok: false, message: e.message }));
    if (!r.ok) setProblem(r.message);
    else onDeleted(chatId);
  };
  return (
    <section className="chat-history" aria-label="Your chats" data-testid="chat-history">
      <div className="row">
        <h2 className="history-title">Your chats</h2>
        <button className="link" onClick={onClose}>
          Back to the chat
        </button>
      </div>
      {problem && (
        <p role="alert" className="error small">
          {problem}
        </p>
      )}
      {chats.length === 0 && <p className="muted">No chats yet.</p>}
      <ul className="history-list">
        {chats.map((c) => (
          <li key={c.id} data-testid="history-chat" aria-current={c.id === current ? 'true' : undefined}>
            <div className="history-chat-title" title={c.title}>
              {titleInWords(c.title) || 'Untitled chat'}
            </div>
            <HistoryFacts summary={summaries[c.id]} />
            <div className="muted small">
              {when(c.updatedAt, twins.has(c.id))}
              {c.id === current && ' · this chat'}
            </div>
            <div className="row">
              <button onClick={() => onOpen(c.id)} disabled={c.id === current}>
                Open
              </button>
              <DeleteButton quiet what={titleInWords(c.title) || 'this chat'} onDelete={() => void remove(c.id)} />
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** How the chat's latest run ended, and where; of which task, when it is not the one in the title. */
function HistoryFacts({ summary }: { summary?: ChatSummary }) {
  if (!summary) return null;
  return (
    <div className="history-facts small">
      {summary.task && (
        <span data-testid="history-task" title={summary.task}>
          Last task, “{titleInWords(summary.task.slice(0, 60), 60)}”:{' '}
        </span>
      )}
      <span data-testid="history-outcome" className={`history-outcome ${summary.outcome === 'Done' ? 'ok' : /^(Could not|Stopped on an error)/.test(summary.outcome) ? 'error' : ''}`}>
        {summary.outcome}
      </span>
      {summary.site && (
        <>
          {' · '}
          <span data-testid="history-site">{summary.site}</span>
        </>
      )}
      {summary.used && (
        <>
          {' · with '}
          <span data-testid="history-used">{summary.used}</span>
        </>
      )}
    </div>
  );
}
