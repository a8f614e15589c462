import { describe, expect, it } from 'vitest';
import { outOfScope, scopeOf } from '../../../src/background/apps/site-scope';

describe("an app's sites", () => {
  it('reads what the person typed as registrable sites, dropping what is no address', () => {
    expect(scopeOf(['https://shop.example.com/cart', 'example.com', 'mail.bank.co.uk', 'javascript:alert(1)', ''])).toEqual(['example.com', 'bank.co.uk']);
    expect(scopeOf(['localhost', '127.0.0.1:8080'])).toEqual(['localhost', '127.0.0.1']);
  });

  it('allows the sites and their subdomains only; every site when none were named', () => {
    const sites = scopeOf(['shop.example.com']);
    expect(outOfScope('A', sites, 'https://checkout.example.com/pay')).toBeNull();
    expect(outOfScope('A', sites, 'https://example.com.evil.test/')).toMatch(/only on example\.com; example\.com\.evil\.test is not one of them/);
    expect(outOfScope('A', sites, 'file:///etc/passwd')).toMatch(/is not one of them/);
    expect(outOfScope('A', undefined, 'https://anything.test/')).toBeNull();
  });
});
