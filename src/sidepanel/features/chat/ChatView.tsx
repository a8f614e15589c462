import { useMemo, useState } from 'react';
import type { Connection } from '../../use-connection';
import type { TargetTab } from '../../use-target-tab';
import { useChat, useChatId } from './use-chat';
import { Timeline } from './Timeline';
import { RunBar } from './RunBar';
import { ReplayDock, useChatReplay } from './ReplayDock';
import { WaitingDock } from './WaitingDock';
import { WaitingLine } from './WaitingLine';
import { ChatReplay } from './replay-waiting';
import { LaterLinesContext, laterLines } from './later-lines';
import type { ReplayState } from '../../../workflows/replay/state';
import { SlowNotice } from './SlowNotice';
import { PendingCard } from './PendingCard';
import { ChatHistory } from './ChatHistory';
import { ComposerArea } from './ComposerArea';
import { PageWait } from './PageWait';
import { SetupCard } from '../settings/SetupCard';
import { useConfigured } from '../settings/use-configured';
import { useStreamingText } from './use-streaming-text';
import { useFollowScroll } from './use-follow-scroll';
import { LIVE_STATUSES, waitingFor } from './waiting';

/**
 * The chat: a header bar with Pause/Stop, the scrolling timeline, and, pinned above the composer,
 * whatever the agent waits for. Only the timeline scrolls, so no control is ever below the fold.
 */
export function ChatView({ connection, tab, onOpenSettings, onSetUp }: { connection: Connection; tab: TargetTab; onOpenSettings?: () => void; onSetUp?: () => void }) {
  const [chatId, newChat, openChat, chatIdLoaded] = useChatId(tab.tabId);
  const [history, setHistory] = useState(false);
  const chat = useChat(chatId);
  const activeRun = useMemo(() => chat.runs.find((r) => LIVE_STATUSES.includes(r.status)), [chat.runs]);
  const replayRead = useChatReplay(tab.tabId, chatId);
  const replay = replayRead === 'loading' ? undefined : replayRead;
  // until the chat and the tab's replay are read, the header says nothing rather than a "Ready" that may be false
  const loading = !chatIdLoaded || replayRead === 'loading' || !chat.loaded;
  const waiting = useMemo(() => (replay ? undefined : waitingFor(chat.events, chat.runs)), [replay, chat.events, chat.runs]);
  const streaming = useStreamingText(connection, activeRun?.runId);
  const { box, content, onScroll, behind, jump } = useFollowScroll();
  // the first open with no provider: the setup card, and a task typed meanwhile waits in it
  // set up from anywhere (another panel, storage): a task kept meanwhile goes then, its notice with it
  const { configured, recheck } = useConfigured(connection.bootedAt, connection.settingsSeen, onSetUp);
  const setup = configured === false;

  return (
    <section className="chat">
      <RunBar loading={loading} run={activeRun} replay={replay} stoppedOnError={waiting?.kind === 'resume'} needsSetup={setup} tab={tab} onNewChat={() => (newChat(), setHistory(false))} onHistory={() => setHistory(!history)} historyOpen={history} />
      {history && (
        <ChatHistory
          current={chatId}
          onOpen={(id) => {
            openChat(id);
            setHistory(false);
          }}
          onDeleted={(id) => id === chatId && newChat()}
          onClose={() => setHistory(false)}
        />
      )}
      {/* hidden, not unmounted, while the history shows: it keeps following the run */}
      <div className="timeline-wrap" hidden={history}>
        {/* focusable, so a keyboard can scroll the timeline too */}
        <div className="timeline-scroll" ref={box} onScroll={onScroll} data-testid="timeline-scroll" tabIndex={0} role="region" aria-label="Timeline">
          <div ref={content}>
            {/* the card stands in for the empty timeline's hint */}
            {setup && <SetupCard onSaved={() => void recheck().then((ok) => ok && onSetUp?.())} />}
            {!(setup && chat.messages.length === 0) && (
              <ReplayTimeline replay={replay} chat={chat} waiting={waiting} />
            )}
            <PageWait events={chat.events} runId={activeRun?.runId} />
            {streaming && <p className="streaming muted small">{streaming}</p>}
          </div>
        </div>
        {behind && (
          <button className="jump-latest" onClick={jump}>
            ↓ Jump to latest
          </button>
        )}
      </div>
      <div className="dock">
        <SlowNotice run={activeRun} events={chat.events} connection={connection} />
        {!setup && <PendingCard configured={configured} onOpenSettings={onOpenSettings} />}
      </div>
      {/* the list needs the room: what the chat waits for shrinks to a line until the chat is back */}
      {history ? <WaitingLine waiting={waiting} onBack={() => setHistory(false)} /> : <WaitingDock waiting={waiting} onOpenSettings={onOpenSettings} />}
      {!history && <ReplayDock replay={replay} events={chat.events} />}
      <ComposerArea tabId={tab.tabId} chatId={chatId} runId={activeRun?.runId} connected={connection.connected} />
    </section>
  );
}

/** The timeline, told which replay waits below and which of its steps went on after stopping. */
function ReplayTimeline({ replay, chat, waiting }: { replay?: ReplayState; chat: ReturnType<typeof useChat>; waiting: ReturnType<typeof waitingFor> }) {
  const later = useMemo(() => laterLines(chat.events), [chat.events]);
  return (
    <ChatReplay.Provider value={replay}>
      <LaterLinesContext.Provider value={later}>
        <Timeline messages={chat.messages} events={chat.events} runs={chat.runs} waiting={waiting} />
      </LaterLinesContext.Provider>
    </ChatReplay.Provider>
  );
}
