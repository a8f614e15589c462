import { clip, collapse, inputType, isElement, tagOf } from './dom';
import { authoredName, fallbackName } from './names';

/**
 * What an element says and does right now, read from the live DOM for the safety gate: its
 * accessible name, the words a person sees on it (which a page can make differ from the name),
 * where it leads or posts. The page model's own line may be a snapshot old; these are not.
 */
export interface FreshFacts {
  label: string;
  text: string;
  href?: string;
  formAction?: string;
  formMethod?: string;
  /** input type: a field turned into a password field is not the field that was checked */
  type?: string;
  /**
   * The amounts in the element's box (its form, dialog, row...), which the confirmation card shows
   * beside the control: a page that turns "$5.00" into "$500.00" as the pointer arrives to click
   * changes what the person allowed, so the click is cancelled and judged again.
   */
  amounts?: string;
}

/** The words drawn by CSS before or after an element (`content: "Pay $900"`), which no text node holds. */
function pseudoText(el: Element): string {
  const out: string[] = [];
  const view = el.ownerDocument.defaultView ?? window;
  const visit = (e: Element, budget: { n: number }) => {
    if (budget.n-- <= 0) return;
    for (const pseudo of ['::before', '::after']) {
      const c = view.getComputedStyle(e, pseudo).content;
      // content is "none"/"normal" or a quoted string (possibly with counters, which we leave out)
      const m = /^"((?:[^"\\]|\\.)*)"$/.exec(c ?? '');
      if (m?.[1]) out.push(m[1]);
    }
    for (const child of Array.from(e.children)) visit(child, budget);
  };
  visit(el, { n: 20 });
  return out.join(' ');
}

/** The words a person sees on the element: its rendered text (aria-hidden or not), CSS-drawn words, and a button input's value. */
export function visibleText(el: Element): string {
  const t = tagOf(el);
  let text = '';
  if (t === 'input') {
    const ty = inputType(el);
    if (['submit', 'button', 'reset'].includes(ty)) text = (el as HTMLInputElement).value;
  } else {
    text = (el as HTMLElement).innerText ?? el.textContent ?? '';
  }
  return clip(collapse(`${text} ${pseudoText(el)}`), 200);
}

export function formOf(el: Element): HTMLFormElement | null {
  return (el as HTMLButtonElement).form ?? (el.closest('form') as HTMLFormElement | null);
}

export function freshFacts(el: Element): FreshFacts {
  const facts: FreshFacts = { label: authoredName(el) || fallbackName(el), text: visibleText(el) };
  if (tagOf(el) === 'input') facts.type = inputType(el);
  const href = (el as HTMLAnchorElement).href;
  if (typeof href === 'string' && href) facts.href = href;
  const amounts = amountsNear(el);
  if (amounts) facts.amounts = amounts;
  const form = formOf(el);
  if (form) {
    // a button's `formAction` property is the document's own address when it has no formaction
    // attribute: only the attribute overrides where its form posts (a Go button of a form to
    // /do/transfer was judged as loading the page it is on)
    const button = el as HTMLButtonElement;
    facts.formAction = (el.hasAttribute('formaction') && button.formAction) || form.action;
    facts.formMethod = ((el.hasAttribute('formmethod') && button.formMethod) || form.method || 'get').toLowerCase();
  }
  return facts;
}

/** A digest of the facts the gate judged; the executor compares it before acting. */
export function factsDigest(f: FreshFacts): string {
  return JSON.stringify([f.label, f.text, f.href ?? '', f.formAction ?? '', f.formMethod ?? '', f.type ?? '', f.amounts ?? '']);
}

/** The control Enter in a field would press: the form's first submit button, as the browser picks it. */
export function defaultSubmit(form: HTMLFormElement): Element | null {
  for (const c of Array.from(form.elements)) {
    const t = tagOf(c);
    const ty = t === 'button' ? (c.getAttribute('type') ?? 'submit').toLowerCase() : inputType(c);
    if ((t === 'button' || t === 'input') && (ty === 'submit' || ty === 'image')) return c;
  }
  return null;
}

/**
 * Each named field of a form by the words a person sees for it (its label, else its placeholder),
 * '' for a hidden input: what a card names when the form's post carries `f_last=Haddad` is "Last
 * name: Haddad", and a hidden scenario id or token is not shown at all. At most 40 fields.
 */
export function fieldLabels(form: HTMLFormElement): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of Array.from(form.elements).slice(0, 200)) {
    const name = c.getAttribute('name');
    if (!name || name in out) continue;
    if (Object.keys(out).length >= 40) break;
    const hidden = tagOf(c) === 'input' && inputType(c) === 'hidden';
    // a radio's own label is one of its choices: the group's legend names the field, else the
    // chosen one's label says what is sent ("Select SW1911 departing 08:15 for $393")
    const choice = tagOf(c) === 'input' && ['radio', 'checkbox'].includes(inputType(c));
    const legend = choice ? (c.closest('fieldset')?.querySelector('legend')?.textContent ?? '') : '';
    if (choice && !legend && !(c as HTMLInputElement).checked) continue;
    const words = choice ? legend || authoredName(c) : authoredName(c) || c.getAttribute('placeholder') || '';
    out[name] = hidden ? '' : clip(collapse(words), 80) || name;
  }
  return out;
}

/**
 * What a form's post would carry if `submitter` sent it now, field by field (`fieldLabels` names
 * them): at most 12, values clipped, a password's value never read out ("••••" when it has one),
 * a chosen file by its name.
 */
export function formValues(form: HTMLFormElement, submitter: Element): Array<{ name: string; value: string }> {
  let data: FormData;
  try {
    data = new FormData(form, submitter as HTMLElement);
  } catch {
    // not one of the form's submit buttons (an image input in another form, a custom control)
    data = new FormData(form);
  }
  const out: Array<{ name: string; value: string }> = [];
  for (const [name, v] of data) {
    if (out.length >= 12) break;
    const field = form.elements.namedItem(name);
    const secret = field instanceof HTMLInputElement && field.type === 'password';
    const value = typeof v === 'string' ? v : v.name;
    out.push({ name: name.slice(0, 60), value: secret ? (value ? '••••' : '') : value.slice(0, 200) });
  }
  return out;
}

export function isSearchForm(form: HTMLFormElement): boolean {
  if (form.getAttribute('role') === 'search' || form.closest('[role=search], search')) return true;
  return !!form.querySelector('input[type=search]');
}

/** Nothing to press: a select or checkbox that submits its form on change (an inline handler, or a form with no button). */
export function submitsOnChange(el: Element, form: HTMLFormElement | null): boolean {
  const t = tagOf(el);
  const handlers = ['onchange', 'oninput', 'onkeyup', 'onkeydown', 'onblur'].map((a) => el.getAttribute(a) ?? '').join(' ');
  if (/submit\s*\(/i.test(handlers) && (t === 'select' || t === 'input' || t === 'textarea')) return true;
  if (t !== 'select' && !(t === 'input' && ['checkbox', 'radio'].includes(inputType(el)))) return false;
  return !!form && !defaultSubmit(form) && form.method.toLowerCase() === 'post';
}

const AMOUNT = /(?:[$€£¥₹]\s?\d|\d\s?(?:USD|EUR|GBP|CHF|JPY)\b)/;

/**
 * Words near a control, in the page's own words: its form, dialog, row or section, and when that
 * holds no amount, the page's lines that do (a total shown beside the form). For the person's
 * confirm card, never the model.
 */
const BOX = 'form, dialog, [role=dialog], [role=alertdialog], tr, li, section, article, fieldset';
const AMOUNTS = /(?:[$€£¥₹]\s?\d[\d,.]*|\d[\d,.]*\s?(?:USD|EUR|GBP|CHF|JPY)\b)/g;

/** Every amount written in the element's box, in order ("$5.00 $1.20"); empty when there is none. */
function amountsNear(el: Element): string {
  const box = el.closest(BOX);
  if (!box) return '';
  return ((box as HTMLElement).innerText ?? box.textContent ?? '').match(AMOUNTS)?.join(' ') ?? '';
}

export function nearbyWords(el: Element): string {
  const box = el.closest(BOX) ?? el.parentElement;
  if (!box || !isElement(box)) return '';
  let text = boxWords(box as HTMLElement, el);
  if (!AMOUNT.test(text)) {
    const body = el.ownerDocument.body;
    const lines = (body?.innerText ?? '').split('\n').map(collapse).filter((l) => AMOUNT.test(l) && l.length < 120);
    if (lines.length) text = [...lines.slice(0, 3), text].filter(Boolean).join(' · ');
  }
  return clip(text, 300);
}

/**
 * The box's own words for a confirmation: its lines with an amount first (so a cap never cuts the
 * total off), without the labels of its fields ("Card number", "CVC") or the control's own words,
 * which the card already shows.
 */
function boxWords(box: HTMLElement, el: Element): string {
  const lines = (box.innerText ?? box.textContent ?? '').split('\n').map(collapse).filter(Boolean);
  const skip = new Set([...box.querySelectorAll('label')].map((l) => collapse((l as HTMLElement).innerText ?? l.textContent ?? '')));
  skip.add(collapse((el as HTMLElement).innerText ?? el.textContent ?? ''));
  const kept = lines.filter((l) => !skip.has(l));
  return [...kept.filter((l) => AMOUNT.test(l)), ...kept.filter((l) => !AMOUNT.test(l))].join(' · ');
}

export function opensPopup(el: Element): boolean {
  const role = el.getAttribute('role') ?? '';
  return el.hasAttribute('aria-haspopup') || el.hasAttribute('aria-expanded') || role === 'combobox' || tagOf(el) === 'summary';
}
