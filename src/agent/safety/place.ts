import { hostOf } from './hosts';
import { portOf } from '../../shared/site';

const CAP = 80;

/**
 * Where an action happens, as a person reads it on a confirmation card: the host and the path,
 * `shop.example/checkout/pay`. The query string and fragment are left out: they are long, often
 * carry ids and tokens, and hide the host and path a person decides on. An address that is not a
 * web page keeps its own words, cut at the same place.
 */
export function placeOf(url: string): string {
  const path = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url.trim())?.[1] ?? '';
  const host = hostOf(url);
  // with its port: another port on the same host is another origin to the browser
  const port = host ? portOf(url) : '';
  const shown = host ? `${host}${port ? `:${port}` : ''}${path === '/' ? '' : path}` : (url.trim().split(/[?#]/)[0] ?? '');
  return shown.length > CAP ? `${shown.slice(0, CAP - 1)}…` : shown;
}

/** The place, and a word that the address goes on (so a long query is not hidden entirely). */
export function placeWithQuery(url: string): string {
  const more = /[?#]./.test(url.trim()) ? ' (the address goes on with details after "?")' : '';
  return `${placeOf(url)}${more}`;
}
