import type { FirstPage } from '../../shared/messages/recording';
import { clip, collapse } from '../page-model/dom';
import type { PageView } from './page-view';

/** The first page of a recording: address, title, h1-h3 headings and its page model. */
export function firstPage(view: PageView): FirstPage {
  const headings = Array.from(document.querySelectorAll('h1, h2, h3'), (h) => clip(collapse(h.textContent ?? ''), 120)).filter(Boolean);
  return { url: location.href, title: document.title, headings: headings.slice(0, 20), page: view.text };
}
