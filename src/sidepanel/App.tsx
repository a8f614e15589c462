import { useEffect, useState } from 'react';
import { ChatView } from './features/chat/ChatView';
import { WorkflowsView } from './features/workflows/WorkflowsView';
import { SettingsView } from './features/settings/SettingsView';
import { RecordBar, useRecordState } from './features/record/RecordBar';
import { useConnection } from './use-connection';
import { useTargetTab } from './use-target-tab';
import { sendPendingTask } from './features/chat/pending-task';
import { AppAskCard } from './features/apps/AppAskCard';
import { useFocusRescue } from './use-focus-rescue';

const VIEWS = ['Chat', 'Workflows', 'Settings'] as const;
type View = (typeof VIEWS)[number];

export function App() {
  const [view, setView] = useState<View>('Chat');
  const connection = useConnection();
  const tab = useTargetTab();
  const record = useRecordState(tab.tabId);
  useFocusRescue();
  // while the tab records, the recording takes the chat's place: a task sent now would act in the page being recorded
  const recordingInChat = view === 'Chat' && !!record.recording;
  // a task kept before setup goes out once settings are complete: now (set up elsewhere) or on save
  const sendKept = () => void sendPendingTask().then((sent) => sent && setView('Chat'));
  useEffect(sendKept, []);
  return (
    <div className="app">
      {/* the top bar and the record bar are the page's banner; the view is its main region */}
      <header>
        <h1 className="visually-hidden">Browser co-pilot</h1>
        <div className="tabs">
          <div role="tablist" aria-label="Views" className="tablist">
            {VIEWS.map((v) => (
              <button key={v} role="tab" aria-selected={view === v} className={view === v ? 'active' : ''} onClick={() => setView(v)}>
                {v}
              </button>
            ))}
          </div>
          {/* the panel reaching the co-pilot's background is the normal state and says nothing on screen;
              only its loss is news, in words that say what happens */}
          <span className={`status ${connection.connected ? 'ok visually-hidden' : 'down'}`} data-testid="connection" data-booted-at={connection.bootedAt ?? ''}>
            {/* before the first greeting it has not lost anything yet */}
            {connection.connected ? 'connected' : connection.bootedAt ? 'reconnecting…' : 'connecting…'}
          </span>
        </div>
        {connection.problems.map((p) => (
          <p key={p} role="alert" className="platform-problem">
            {p}
          </p>
        ))}
        {!recordingInChat && <RecordBar tab={tab} state={record} />}
        <AppAskCard />
      </header>
      <main className={view === 'Chat' ? 'fill' : ''}>
        {recordingInChat && <RecordBar tab={tab} state={record} fill />}
        {view === 'Chat' && !recordingInChat && <ChatView connection={connection} tab={tab} onOpenSettings={() => setView('Settings')} onSetUp={sendKept} />}
        {view === 'Workflows' && <WorkflowsView tab={tab} />}
        {view === 'Settings' && <SettingsView onSaved={sendKept} />}
      </main>
    </div>
  );
}
