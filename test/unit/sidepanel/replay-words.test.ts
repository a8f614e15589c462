import { describe, expect, it } from 'vitest';
import { MatchStrategy } from '../../../src/shared/fingerprint';
import { asSentence, endInWords, replayInWords, strategyInWords, variableInWords } from '../../../src/sidepanel/features/workflows/replay-words';

describe('a replay in words', () => {
  it('says nothing of how a step found its element, unless the page had changed', () => {
    for (const s of MatchStrategy.options) {
      expect(strategyInWords(s, false), s).toBe('');
      const words = strategyInWords(s, true);
      expect(words).toMatch(/^found on the changed page/);
      expect(words, s).not.toMatch(/testId|domId|role\+name|nameAttr|css|xpath|path|kind and name/);
    }
    expect(strategyInWords('model', true)).toBe('found on the changed page by the model');
    expect(strategyInWords(null, true)).toBe('');
  });

  it('reads element lines as the element kind and name', () => {
    expect(replayInWords('After the click, <input id=6 type=checkbox label="Pineapple"> is not ticked.')).toBe('After the click, the checkbox Pineapple is not ticked.');
    expect(replayInWords('<button id=9 at=top-left>Pay $42.00</button>')).toBe('the button Pay $42.00');
    expect(replayInWords('<input id=8 type=password label="Password" value=(filled)>')).toBe('the password field Password');
    expect(replayInWords('<input id=4 label="To" placeholder="City or airport">')).toBe('the field To');
    expect(replayInWords('<input id=4 placeholder="City or airport">')).toBe('the field City or airport');
    expect(replayInWords('<select id=6 value="Business" options="Economy|Business|First">')).toBe('the list');
    expect(replayInWords('<a id=14 new>Terms</a> and <textarea id=2 label="Note">')).toBe('the link Terms and the text box Note');
    expect(replayInWords('<div id=12>')).toBe('the element');
  });

  it('shows a variable as its value, or its name in words, and an action kind as a verb', () => {
    expect(asSentence(replayInWords('type {{to_city}} into "To"', { to_city: 'Boston' }))).toBe('Type Boston into "To"');
    expect(asSentence(replayInWords('type {{email_or_username}} into "Email"'))).toBe('Type the email or username into "Email"');
    expect(variableInWords('departDate')).toBe('depart date');
    expect(replayInWords('No value for {{password}}, {{card-number}}')).toBe('No value for the password, the card number');
    expect(replayInWords('The click on <input id=6 type=checkbox label="Pineapple"> did not work: hidden')).toBe('Clicking the checkbox Pineapple did not work: hidden');
    expect(replayInWords('The double_click on the page did not work')).toBe('Double-clicking the page did not work');
    expect(replayInWords('The type on <input id=3 label="From"> did not work')).toBe('Typing into the field From did not work');
  });

  it('leaves a text with nothing internal as it is', () => {
    const t = 'The tab left shop.test (it shows other.test); go back and retry the step, or stop.';
    expect(replayInWords(t)).toBe(t);
  });
});

describe("a run's closing text", () => {
  it('is put in words for a replay only', () => {
    const t = 'The click on <button id=3>Pay</button> did not work: covered';
    expect(endInWords('replay-abc', t)).toBe('Clicking the button Pay did not work: covered');
    expect(endInWords('run-abc', t)).toBe(t);
  });
});
