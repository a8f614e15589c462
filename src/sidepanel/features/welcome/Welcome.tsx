import { useEffect, useState } from 'react';
import { toolbarPlace } from '../../../platform/toolbar-pin';
import { openPanelNow } from '../../../platform/panel-opener';

type Place = { pinned: boolean; shortcut: string } | null;

/** Reads the icon's place again every second, so "pin it" turns into "it is pinned" as it happens. */
function usePlace(): Place | undefined {
  const [place, setPlace] = useState<Place | undefined>(undefined);
  useEffect(() => {
    let live = true;
    const read = () => void toolbarPlace().then((p) => live && setPlace(p), () => live && setPlace(null));
    read();
    const timer = setInterval(read, 1000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, []);
  return place;
}

/**
 * The tab the co-pilot opens once, when it is installed: where it lives and how to keep it at
 * hand. The button opens the panel (the browser allows that only from a click), and the words
 * about the icon follow the browser's own pin state.
 */
export function Welcome() {
  const place = usePlace();
  const [windowId, setWindowId] = useState<number | undefined>(undefined);
  const [problem, setProblem] = useState('');
  const [opened, setOpened] = useState(false);
  useEffect(() => void chrome.windows.getCurrent().then((w) => setWindowId(w.id)), []);
  const open = () => {
    if (windowId === undefined) return;
    // no await before this call: the click is what lets it open
    openPanelNow(windowId).then(
      () => setOpened(true),
      (e: Error) => setProblem(`The panel did not open (${e.message}). Use the toolbar icon instead.`),
    );
  };
  return (
    <main className="welcome" data-testid="welcome">
      {/* it opens once, at the install, when no model is set up yet: not "ready" before the panel has asked for one */}
      <h1 data-testid="welcome-title">The co-pilot is installed</h1>
      <p>It works in a panel beside the page you are on: ask it in chat for a task on a website, or press Record, do a task once, and replay it with one click.</p>
      <button type="button" className="primary" onClick={open} disabled={windowId === undefined}>
        Open the co-pilot
      </button>
      <p data-testid="welcome-setup">Before its first task it needs a model: the panel asks which one to use when you open it.</p>
      {opened && <p role="status">It is open on the right: choose a model there, then go to any website and ask it.</p>}
      {problem && <p className="warn" role="alert">{problem}</p>}
      <h2>Keep it at hand</h2>
      <p data-testid="welcome-pin">{pinWords(place)}</p>
    </main>
  );
}

function pinWords(place: Place | undefined): string {
  if (place === undefined) return '';
  if (place === null) return 'Click the co-pilot’s button on the toolbar on any page to open it beside the page.';
  const key = place.shortcut ? ` Or press ${place.shortcut} on any page.` : '';
  if (place.pinned) return `Its icon is on the toolbar: click it on any page to open the co-pilot.${key}`;
  return `Pin it so its icon stays on the toolbar: click the puzzle piece right of the address bar, then the pin beside “Browser Co-pilot”.${key}`;
}
