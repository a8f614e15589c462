import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { getRecording, putRecording, updateRecording } from '../../../src/background/recording/store';
import { withStep } from '../../../src/background/recording/steps';
import type { DemoStep } from '../../../src/shared/demonstration';

const URL0 = 'http://127.0.0.1/';
const step = (at: number): DemoStep => ({ at, url: URL0, title: 't', action: { kind: 'click', id: at }, page: `<button id=${at}>b</button>` });

describe('the recordings table', () => {
  it('loses no step when many arrive at once', async () => {
    await putRecording({ id: 'r1', tabId: 7, status: 'recording', startedAt: 0, data: { first: { url: URL0, title: 't', headings: [], page: '' }, steps: [], lastUrl: URL0, ready: true } });
    await Promise.all(Array.from({ length: 25 }, (_, i) => updateRecording('r1', (d) => withStep(d, step(25 - i)))));
    const rec = await getRecording('r1');
    expect(rec?.data.steps.map((s) => s.at)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
  });

  it('changes nothing in a stopped or corrupt recording', async () => {
    await putRecording({ id: 'r2', tabId: 8, status: 'stopped', startedAt: 0, data: { first: { url: URL0, title: 't', headings: [], page: '' }, steps: [], lastUrl: URL0, ready: true } });
    expect(await updateRecording('r2', (d) => withStep(d, step(1)))).toBeUndefined();
    await putRecording({ id: 'r3', tabId: 9, status: 'recording', startedAt: 0, data: { steps: 'not a list' } });
    expect(await updateRecording('r3', (d) => withStep(d, step(1)))).toBeUndefined();
    expect(await getRecording('r3')).toBeUndefined();
  });
});
