import type { ConfirmCategory, ConfirmRequest } from '../../../../shared/run-events';
import { cap } from '../../../../workflows/text';

/**
 * Why a held request is asked about, by what it does. The fields it carries are listed on the card
 * already, and the site is in its title: this says only why the person is asked.
 */
const SENDS_WHY: Record<ConfirmCategory, string> = {
  payment: 'It pays, and a payment cannot be taken back.',
  send: 'It sends something in your name, which cannot be taken back.',
  delete: 'It deletes something, which cannot be undone.',
  account: 'It changes your account.',
  credential: 'It sends what looks like a password, key or code.',
  navigation: 'What it sends goes to a site the task does not name.',
  retry_after_irreversible: 'Something that cannot be undone already happened once.',
  form: 'It sends what is in the form. Nothing you typed leaves the page until you allow it.',
  other: 'It sends something, and the co-pilot cannot tell what it does.',
  commit: 'It confirms something the site may not let you take back.',
  plan: 'You asked to see each plan before the co-pilot starts.',
  return: 'The tab shows another page than the one the task stopped on.',
};

type Why = Pick<ConfirmRequest, 'category' | 'reason' | 'to'> & Partial<Pick<ConfirmRequest, 'sends'>>;

/**
 * "Why it asks", in plain words and said once. A held request gets the sentence of its kind (its
 * reason repeats the fields and the address, which the card shows above). Any other question keeps
 * its reason, with the page's markup taken out (an element written as the model reads it, `<button
 * id=12>`) and the inner name of the safety check put as the person knows it.
 */
export function whyItAsks(request: Why): string {
  if (request.to) return SENDS_WHY.navigation;
  if (request.sends) return SENDS_WHY[request.category];
  const words = request.reason
    .replace(/<[a-z][^>]*>(?:[^<]*<\/[a-z]+>)?/gi, 'it')
    .replace(/\bthe gate\b/gi, 'the co-pilot')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return SENDS_WHY[request.category];
  return cap(/[.!?]$/.test(words) ? words : `${words}.`);
}

/**
 * What the co-pilot will do, without the site the title already names: "Click “Continue” (button)
 * on shop.example/checkout" becomes "… on the page /checkout", and "… on shop.example/" loses the
 * place altogether. An address on another site is kept whole: that is news.
 */
export function withoutSite(description: string, host: string): string {
  if (!host) return description;
  const at = description.lastIndexOf(` on ${host}`);
  if (at < 0) return description;
  // the place runs to the next space; a full stop after it ends the sentence, and what follows stays
  const [, word = '', tail = ''] = /^(\S*)([\s\S]*)$/.exec(description.slice(at + 4 + host.length).replace(/^:\d+/, '')) ?? [];
  const place = word.endsWith('.') ? word.slice(0, -1) : word;
  if (!/^(?:\/\S*)?$/.test(place)) return description;
  const path = place.replace(/\/$/, '');
  return `${description.slice(0, at)}${path ? ` on the page ${path}` : ''}${word.endsWith('.') ? '.' : ''}${tail}`;
}

/** A control's role as a person names it. */
const ROLE_WORDS: Record<string, string> = {
  textbox: 'field', searchbox: 'search field', checkbox: 'box', radio: 'choice', combobox: 'list', listbox: 'list',
  menuitem: 'menu item', option: 'choice', input: 'field', textarea: 'field', select: 'list', a: 'link',
};

/**
 * The control in "what will be done" as a person says it: `Click "Send" (button)` becomes "Click
 * the button “Send”", `into "City" (textbox)` "into the field “City”". The description is written
 * for the record (and the model), with the control's role in brackets.
 */
export function controlInWords(description: string): string {
  return description.replace(/"([^"]{1,200})" \(([a-z]+(?: [a-z]+)?)\)/g, (_, words: string, role: string) => `the ${ROLE_WORDS[role] ?? role} “${words}”`);
}
