import type { ElementInfo } from '../../shared/page';
import { hostOf, siteOf } from './hosts';

const DRAWN_TAGS = new Set(['canvas', 'img', 'svg', 'video', 'embed', 'object', 'picture']);

/** A canvas, picture, video or plug-in: what a click there does is drawn, not written in the page. */
export function isDrawnSurface(el: ElementInfo): boolean {
  return DRAWN_TAGS.has(el.tag) || /^(?:img|image|application)$/i.test(el.role);
}

/**
 * A click_at on a drawn surface: the gate reads words, and a "Delete" or "Pay" painted on a canvas
 * has none it can read, so it asks, as for any control it does not know. "Allow for this task"
 * covers later clicks on the same surface of the same site.
 */
export function drawnClick(el: ElementInfo, pageUrl: string | undefined, approvals: string[]): { kind: 'allow' } | { kind: 'confirm'; category: 'other'; irreversible: false; reason: string; approvalKey: string } {
  const host = pageUrl ? hostOf(pageUrl) : null;
  const site = host ? siteOf(host) : 'this site';
  const name = el.name || el.label || '';
  const key = `other:${site}:drawn:${name.slice(0, 60)}`;
  if (approvals.includes(key)) return { kind: 'allow' };
  return {
    kind: 'confirm',
    category: 'other',
    irreversible: false,
    reason: `the click lands on a ${el.tag === 'canvas' ? 'canvas' : 'picture'}${name ? ` ("${name.slice(0, 60)}")` : ''}, whose drawn buttons the gate cannot read`,
    approvalKey: key,
  };
}
