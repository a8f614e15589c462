import { describe, expect, it } from 'vitest';
import { hostAllowed, hostOf, sameAddress, siteOf } from '../../../src/agent/safety/hosts';
import { sameSite } from '../../../src/shared/site';

describe('hostOf: the host the browser actually goes to', () => {
  it.each([
    ['https://bank.example@evil.example/', 'evil.example'],
    ['https://bank.example:pw@evil.example/pay', 'evil.example'],
    // a backslash is a path separator in web addresses: the host stays bank.example
    ['https://bank.example\\@evil.example', 'bank.example'],
    ['//evil.example/x', 'evil.example'],
    ['HTTPS://BANK.Example.:443/x', 'bank.example'],
    ['https://bank.example.', 'bank.example'],
    ['http://127.0.0.1:4173/t/login/', '127.0.0.1'],
    ['http://localhost:8080/', 'localhost'],
    ['https://[::1]:80/', '[::1]'],
    // a Cyrillic "а" in paypal: compared in its ASCII form
    ['https://p\u0430ypal.com/', 'xn--pypal-4ve.com'],
    ['  https://Shop.Example.com/a?b#c  ', 'shop.example.com'],
  ])('%s -> %s', (url, host) => {
    expect(hostOf(url)).toBe(host);
  });

  it.each(['javascript:alert(1)', 'data:text/html,<b>x</b>', 'blob:https://bank.example/3f2a', 'file:///etc/passwd', 'mailto:a@b.example', 'not a url', '/relative/path', ''])(
    '%s has no host',
    (url) => {
      expect(hostOf(url)).toBeNull();
      expect(hostAllowed(hostOf(url) ?? '', ['bank.example'])).toBe(false);
    },
  );

  it('resolves a relative address against the page it is on', () => {
    expect(hostOf('//evil.example/x', 'https://bank.example/')).toBe('evil.example');
    expect(hostOf('/pay', 'https://bank.example/')).toBe('bank.example');
  });
});

describe('siteOf / sameSite: the public-suffix list decides', () => {
  // host: its site
  const sites: Record<string, string> = {
    'www.bbc.co.uk': 'bbc.co.uk',
    'a.b.example.co.uk': 'example.co.uk',
    'shop.example.com': 'example.com',
    'me.github.io': 'me.github.io',
    'foo.blogspot.com': 'foo.blogspot.com',
    '127.0.0.1:4173': '127.0.0.1',
    localhost: 'localhost',
    'WWW.Example.COM.': 'example.com',
  };
  it.each(Object.entries(sites))('%s -> %s', (host, site) => {
    expect(siteOf(host)).toBe(site);
  });

  it.each([
    ['www.bbc.co.uk', 'news.bbc.co.uk'],
    ['p\u0430ypal.com', 'xn--pypal-4ve.com'],
    ['127.0.0.1:4173', '127.0.0.1:9999'],
    ['Bank.Example.', 'www.bank.example'],
  ])('%s and %s are one site', (a, b) => {
    expect(sameSite(a, b)).toBe(true);
  });

  // a shared suffix anyone can register under, a look-alike, another address: another site
  it.each([
    ['attacker.github.io', 'me.github.io'], ['evil.blogspot.com', 'me.blogspot.com'], ['bbc.co.uk', 'evil.co.uk'], ['xn--pypal-4ve.com', 'paypal.com'],
    ['127.0.0.1', '127.0.0.2'], ['localhost', '127.0.0.1'], ['https://bank.example@evil.example/', 'bank.example'], ['', 'bank.example'],
  ])('%s and %s are different sites', (a, b) => {
    expect(sameSite(a, b)).toBe(false);
  });

  it('allows only hosts on an allowed site', () => {
    expect(hostAllowed('attacker.github.io', ['me.github.io'])).toBe(false);
    expect(hostAllowed('login.bank.example', ['www.bank.example'])).toBe(true);
    expect(hostAllowed(hostOf('https://bank.example@evil.example/')!, ['bank.example'])).toBe(false);
  });
});

describe('sameAddress', () => {
  it.each([
    ['kayak.com', 'https://www.kayak.com/', true],
    ['http://127.0.0.1:4173/airline/?scenario=a1', 'http://127.0.0.1:4173/airline?scenario=a1#x', true],
    ['127.0.0.1:4173/airline/', 'http://127.0.0.1:4173/airline', true],
    ['https://bank.example/pay', 'https://bank.example@evil.example/pay', false],
    ['https://bank.example/pay?to=1', 'https://bank.example/pay?to=2', false],
    ['javascript:alert(1)', 'javascript:alert(1)', false],
  ])('%s vs %s: %s', (a, b, same) => {
    expect(sameAddress(a, b)).toBe(same);
  });
});
