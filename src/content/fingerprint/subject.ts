import { clip, collapse, tagOf } from '../page-model/dom';

/**
 * What a dialog is about: its title. A confirm dialog's buttons ("Cancel", "Delete") are the same
 * whatever it is about; its title ("Delete project Apollo?") says which thing they act on, so a
 * dialog about another thing with the same buttons is told apart by it. Computed the same way when
 * recording and at replay.
 */
const DIALOG = 'dialog,[role=dialog],[role=alertdialog],[aria-modal=true]';
const TITLE_MAX = 120;

export const dialogOf = (el: Element): Element | null => el.parentElement?.closest(DIALOG) ?? null;

/** The dialog's title: what labels it, else its first heading, else its first paragraph's text. */
export function subjectOf(el: Element): string {
  const d = dialogOf(el);
  if (!d) return '';
  const by = d.getAttribute('aria-labelledby');
  const labelled = by ? by.split(/\s+/).map((id) => d.ownerDocument.getElementById(id)?.textContent ?? '').join(' ') : '';
  const own = collapse(labelled) || collapse(d.getAttribute('aria-label') ?? '');
  if (own) return clip(own, TITLE_MAX);
  const title = d.querySelector('h1,h2,h3,h4,h5,h6,[role=heading],p');
  return title && !title.contains(el) && tagOf(title) ? clip(collapse(title.textContent ?? ''), TITLE_MAX) : '';
}
