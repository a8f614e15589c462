import { useEffect, useMemo, useRef, useState } from 'react';
import { send } from '../../../platform/rpc';
import type { Connection } from '../../use-connection';
import type { TargetTab } from '../../use-target-tab';
import { useChat, useChatId } from './use-chat';
import { Timeline } from './Timeline';
import { RunControls } from './RunControls';
import { Composer } from './Composer';
import { useStreamingText } from './use-streaming-text';

export function ChatView({ connection, tab }: { connection: Connection; tab: TargetTab }) {
  const [chatId, newChat] = useChatId(tab.tabId);
  const chat = useChat(chatId);
  const [error, setError] = useState<string>();
  const activeRun = useMemo(() => chat.runs.find((r) => ['running', 'paused', 'waiting'].includes(r.status)), [chat.runs]);
  const streaming = useStreamingText(connection, activeRun?.runId);
  const bottom = useRef<HTMLDivElement>(null);
  const entries = chat.events.length + chat.messages.length;
  // Keep the newest entry in view as the run adds to the timeline.
  useEffect(() => {
    if (entries || streaming) bottom.current?.scrollIntoView({ block: 'end' });
  }, [entries, streaming]);

  const ask = async (text: string) => {
    if (tab.tabId === undefined || !chatId) return;
    setError(undefined);
    try {
      await send('agent.chat', { tabId: tab.tabId, chatId, text });
    } catch (e) {
      setError((e as Error).message);
    }
  };

  return (
    <section className="chat">
      <header className="chat-head">
        <span className="muted small" data-testid="target-tab">
          Working in: {tab.title || tab.url || 'no tab'}
        </span>
        <button className="link" onClick={newChat} disabled={!!activeRun}>
          New chat
        </button>
      </header>
      <Timeline messages={chat.messages} events={chat.events} runs={chat.runs} />
      {streaming && <p className="streaming muted small">{streaming}</p>}
      <div ref={bottom} />
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
      {activeRun && <RunControls run={activeRun} />}
      <Composer disabled={!connection.connected || tab.tabId === undefined || !!activeRun} onSend={ask} />
    </section>
  );
}
