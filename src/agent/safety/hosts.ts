/**
 * Host handling for the navigation rule of the safety gate. The rules live in src/shared/site.ts
 * (WHATWG URL parsing and the public-suffix list), shared with workflows and replay.
 */
export { hostOf, siteOf, sameSite, hostAllowed, isWebUrl, sameAddress, hostsNamedIn, urlsNamedIn } from '../../shared/site';
