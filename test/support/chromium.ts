/** Debian's Chromium and the flags it needs on these machines (see README: testing). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--no-default-browser-check',
  // Without these Chromium floods the closed network with connections that are refused.
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
