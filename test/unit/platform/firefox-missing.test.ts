import { describe, it, expect } from 'vitest';
import { requireFirefox } from '../../e2e-firefox/support/firefox';

describe('Firefox tests where Firefox is missing', () => {
  it('say how to install it', () => {
    expect(() => requireFirefox('/nonexistent/firefox-esr')).toThrow(/not found at \/nonexistent\/firefox-esr[\s\S]*npm run setup[\s\S]*apt-get install -y firefox-esr/);
  });
});
