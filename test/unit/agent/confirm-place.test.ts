import { describe, expect, it } from 'vitest';
import { placeOf, placeWithQuery } from '../../../src/agent/safety/place';
import { describeAction } from '../../../src/agent/loop/execute';
import type { ElementInfo } from '../../../src/shared/page';
import { AgentAction } from '../../../src/shared/action';

const payButton = { id: 4, tag: 'button', role: 'button', text: 'Pay $420', label: '', name: 'Pay $420', line: '<button id=4>Pay $420</button>', context: '' } as unknown as ElementInfo;

describe('where a confirmation says the action happens', () => {
  it('is the host and the path, without the query string or fragment', () => {
    expect(placeOf('https://shop.example/checkout/pay?session=abc123&token=XYZ#top')).toBe('shop.example/checkout/pay');
    expect(placeOf('https://shop.example/?q=1')).toBe('shop.example');
    expect(placeOf('https://user:pw@bank.example:8443/a/b')).toBe('bank.example:8443/a/b');
    expect(placeOf('http://127.0.0.1:38599/t/hostile/claim?scenario=x')).toBe('127.0.0.1:38599/t/hostile/claim');
    expect(placeOf('https://bank.example:443/a')).toBe('bank.example/a');
    expect(placeOf('javascript:alert(1)?x')).toBe('javascript:alert(1)');
    expect(placeOf(`https://long.example/${'a'.repeat(200)}`)).toHaveLength(80);
  });

  it('says when the address goes on, without showing it', () => {
    expect(placeWithQuery('https://evil.example/collect?data=secret')).toBe('evil.example/collect (the address goes on with details after "?")');
    expect(placeWithQuery('https://evil.example/collect')).toBe('evil.example/collect');
  });

  it('puts no query string in the description of any action kind', () => {
    const url = 'https://shop.example/checkout/pay?session=abc123&token=XYZ';
    const lines = [
      describeAction(AgentAction.parse({ kind: 'click', id: 4 }), payButton, url),
      describeAction(AgentAction.parse({ kind: 'type', id: 4, text: 'Ada' }), payButton, url),
      describeAction(AgentAction.parse({ kind: 'press', keys: 'Enter' }), null, url),
      describeAction(AgentAction.parse({ kind: 'select', id: 4, values: ['Large'] }), payButton, url),
      describeAction(AgentAction.parse({ kind: 'check', id: 4, checked: true }), payButton, url),
      describeAction(AgentAction.parse({ kind: 'navigate', url: 'https://other.example/next?ref=abc' }), null, url),
    ];
    for (const line of lines) expect(line).not.toMatch(/session=|token=|ref=abc|https:\/\//);
    expect(lines[0]).toBe('Click "Pay $420" (button) on shop.example/checkout/pay');
    expect(lines[5]).toBe('Open other.example/next (the address goes on with details after "?")');
  });
});
