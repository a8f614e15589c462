import { afterEach, describe, expect, it, vi } from 'vitest';
import { relayWakingEvents, setBoot, wakeOn, WAKING, type WakingEvent } from '../../../src/platform/wake';

type Listener = (...args: unknown[]) => unknown;

/** A browser event as chrome.* has them: listeners with the filter each was added with. */
function fakeEvent() {
  const added: { listener: Listener; filter: unknown[] }[] = [];
  return {
    added,
    addListener: (listener: (...args: never[]) => unknown, ...filter: never[]) => void added.push({ listener: listener as Listener, filter }),
    removeListener: (listener: (...args: never[]) => unknown) => void added.splice(added.findIndex((a) => a.listener === listener), 1),
    fire: (...args: unknown[]) => added.forEach((a) => a.listener(...args)),
  };
}

/** A port as runtime.onConnect gives it, which can be closed. */
function fakePort(name: string) {
  const closed = fakeEvent();
  return { name, onDisconnect: closed, close: () => closed.fire() };
}

afterEach(() => {
  setBoot(undefined);
  vi.unstubAllGlobals();
});

describe("the boot's relay of the waking events", () => {
  const tableOf = (events: Record<string, ReturnType<typeof fakeEvent>>, hold: string[] = []): Record<string, WakingEvent> =>
    Object.fromEntries(Object.entries(events).map(([key, e]) => [key, { event: () => e, filter: key === 'nav' ? [{ url: [] }] : [], hold: hold.includes(key) }]));

  it('listens to every event at once, with its filter, and loads main at the first one before handing it over', () => {
    const events = { tabs: fakeEvent(), nav: fakeEvent() };
    const got: unknown[] = [];
    const load = vi.fn(() => {
      // main's evaluation adds its listeners, as wakeOn does through the boot
      relay.on('tabs.onRemoved' as never, (id) => got.push(['removed', id]));
    });
    const relay = relayWakingEvents(load, { 'tabs.onRemoved': { event: () => events.tabs }, nav: { event: () => events.nav, filter: [{ url: [] }] } });
    expect(events.tabs.added).toHaveLength(1);
    expect(events.nav.added[0]!.filter).toEqual([{ url: [] }]);
    expect(load).not.toHaveBeenCalled();
    events.tabs.fire(7);
    expect(load).toHaveBeenCalledOnce();
    expect(got).toEqual([['removed', 7]]);
  });

  it('holds a port until main is loaded, without loading it, and drops one closed meanwhile', () => {
    const events = { 'runtime.onConnect': fakeEvent() };
    const load = vi.fn();
    const relay = relayWakingEvents(load, tableOf(events, ['runtime.onConnect']));
    const got: string[] = [];
    relay.on('runtime.onConnect', (port) => got.push((port as { name: string }).name));
    const [kept, closed] = [fakePort('events'), fakePort('gone')];
    events['runtime.onConnect'].fire(kept);
    events['runtime.onConnect'].fire(closed);
    closed.close();
    expect(load).not.toHaveBeenCalled();
    expect(got).toEqual([]);
    relay.loaded();
    expect(got).toEqual(['events']);
    events['runtime.onConnect'].fire(fakePort('later'));
    expect(got).toEqual(['events', 'later']);
  });

  it('stops listening when the last listener goes, and listens again with its filter when one comes', () => {
    const events = { nav: fakeEvent() };
    const relay = relayWakingEvents(() => {}, tableOf(events));
    relay.loaded();
    const stop = relay.on('nav' as never, () => {});
    stop();
    expect(events.nav.added).toEqual([]);
    const got: unknown[] = [];
    relay.on('nav' as never, (d) => got.push(d));
    expect(events.nav.added[0]!.filter).toEqual([{ url: [] }]);
    events.nav.fire('page');
    expect(got).toEqual(['page']);
  });

  it('goes on to the other listeners when one throws', () => {
    const events = { tabs: fakeEvent() };
    const relay = relayWakingEvents(() => {}, tableOf(events));
    relay.loaded();
    const got: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation(() => {});
    relay.on('tabs' as never, () => {
      throw new Error('no');
    });
    relay.on('tabs' as never, (id) => got.push(id));
    events.tabs.fire(3);
    expect(got).toEqual([3]);
  });
});

describe('wakeOn', () => {
  it('adds the listener to the browser event itself, with its filter, when no boot runs (Firefox, tests)', () => {
    const onCommitted = fakeEvent();
    vi.stubGlobal('chrome', { webNavigation: { onCommitted } });
    const listener = () => {};
    const stop = wakeOn('webNavigation.onCommitted', listener);
    expect(onCommitted.added).toEqual([{ listener, filter: WAKING['webNavigation.onCommitted'].filter }]);
    stop();
    expect(onCommitted.added).toEqual([]);
  });

  it('adds it to the boot when one runs, and nothing to the browser', () => {
    const onRemoved = fakeEvent();
    vi.stubGlobal('chrome', { tabs: { onRemoved } });
    const on = vi.fn(() => () => {});
    setBoot({ bootedAt: 1, answered: () => false, serve: () => {}, on });
    const listener = () => {};
    wakeOn('tabs.onRemoved', listener);
    expect(on).toHaveBeenCalledWith('tabs.onRemoved', listener);
    expect(onRemoved.added).toEqual([]);
  });

  it('does nothing for an event this browser lacks', () => {
    vi.stubGlobal('chrome', {});
    expect(() => wakeOn('downloads.onCreated', () => {})()).not.toThrow();
  });
});
