import { describe, expect, it } from 'vitest';
import { INPUT_COMMANDS, insertText, mouseClick, mouseMove, onlyInputCommands, pressKeys, type CdpSend } from '../../../src/background/executor/cdp-input';

/** A `send` that only notes what reached the tab. */
function recording(): { sent: string[]; send: CdpSend } {
  const sent: string[] = [];
  return { sent, send: async (method) => void sent.push(method) };
}

describe('the debugger session sends input commands only', () => {
  it('lets through every command trusted input uses: clicks, double clicks, hover, typing, keys with modifiers', async () => {
    const r = recording();
    const send = onlyInputCommands(r.send);
    await mouseMove(send, 10, 10);
    await mouseClick(send, 10, 10, { clickCount: 2, button: 'right', modifiers: ['Shift'] });
    await insertText(send, 'héllo 🙂');
    await pressKeys(send, 'Control+a Delete Enter Tab Shift+x', 2);
    expect(new Set(r.sent)).toEqual(new Set(INPUT_COMMANDS));
  });

  it.each(['Runtime.evaluate', 'Network.getCookies', 'Page.navigate', 'Debugger.enable', 'Storage.getCookies', 'Input.synthesizeTapGesture', 'input.dispatchKeyEvent'])(
    'refuses %s with a clear error and sends nothing',
    async (method) => {
      const r = recording();
      await expect(onlyInputCommands(r.send)(method, {})).rejects.toThrow(`refused CDP method ${method}: only Input.dispatchMouseEvent, Input.dispatchKeyEvent, Input.insertText may be sent to a tab`);
      expect(r.sent).toEqual([]);
    },
  );
});
