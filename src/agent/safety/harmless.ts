import type { ElementInfo } from '../../shared/page';

/**
 * What the gate knows to be harmless, so that it can ask about everything else. Harmless means
 * the activation only changes what is shown or moves through the site: opening a menu, a tab or
 * a date picker, ticking a box, paging, searching, adding to a cart (which checkout asks about).
 * Anything that could commit, or that the gate does not recognise, is not in here.
 */

/** Roles whose activation toggles or picks in place. */
const TOGGLE_ROLES = new Set(['checkbox', 'radio', 'switch', 'tab', 'option', 'menuitemcheckbox', 'menuitemradio', 'treeitem', 'gridcell', 'slider', 'spinbutton', 'textbox', 'searchbox', 'combobox', 'listbox']);

/** Roles and tags of things a person activates; anything else is text a click only focuses or selects. */
const CONTROL_ROLES = new Set(['button', 'link', 'menuitem']);

/** Leading words of controls that only show, move, choose or search. */
const HARMLESS_LEAD =
  /^(?:next\b|previous\b|prev\b|back\b|continue\b(?! (?:and|&)\b)|proceed to\b|go to\b|go back\b|show\b|hide\b|view\b|see\b|open\b|close\b|dismiss\b|cancel$|expand\b|collapse\b|more\b|less\b|load more\b|read more\b|select\b|choose\b|pick\b|change (?:date|dates|flight|search|view|seat|selection|month|year|language|currency)\b|edit\b|modify search\b|add to (?:cart|basket|bag|list|wishlist|favou?rites|comparison|calendar)\b|add (?:another|a passenger|passenger|traveller|traveler|room|row|filter|item)\b|remove (?:(?:all |the |this )?filters?\b|(?:it |item |this item )?from (?:(?:the |my |your )?(?:cart|basket|bag|wishlist|list|comparison))\b)|apply(?: (?:filters?|coupon|promo(?: code)?|discount(?: code)?|code))?$|filter\b|sort\b|clear\b|reset (?:filters?|search|form)\b|search\b|find\b|go$|look up\b|check availability\b|sign in\b|log ?in\b|sign up\b|register\b|accept (?:all )?cookies\b|reject (?:all|cookies|all cookies)?\b|necessary cookies only\b|got it\b|no thanks\b|not now\b|skip\b|later\b|remind me later\b|details\b|menu\b|help\b|zoom\b|copy\b|print\b|download\b|today\b|tomorrow\b|increase\b|decrease\b|swap\b|refresh\b|retry\b|try again\b|reply$|reply all$|forward$|compose\b|new (?:message|mail|email|e-mail|post|chat|tab)\b|mark as\b|star\b|unstar\b|flag\b|archive\b|move to\b|label\b|home\b|checkout$|check ?out$|review\b|proceed to checkout\b|continue to checkout\b|start\b|begin\b|get started\b|learn more\b|contact us\b|play\b|pause\b|mute\b|unmute\b|like\b|save for later\b|compare\b|share$|toggle\b|switch to\b|use (?:this|my)\b|up\b|down\b|left\b|right\b|all\b|none\b)/;

const MONTH = '(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\\.?';
const WEEKDAY = '(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\\.?,?';
const DAY = '\\d{1,2}(?:st|nd|rd|th)?';
/** A date as calendars name their day buttons: "25", "Tuesday, 25 May 2027", "May 25, 2027", "March 2027". */
const DATE = `(?:${WEEKDAY} )?(?:${DAY} ${MONTH},?(?: \\d{4})?|${MONTH} ${DAY},?(?: \\d{4})?|${MONTH}(?: \\d{4})?|${WEEKDAY})`;

/** Names that are only a number, a date or an arrow: calendar days, pages, steppers. */
const HARMLESS_WHOLE = new RegExp(
  `^(?:\\d{1,4}|page \\d+|[<>‹›«»+\\-−×✕x↑↓←→▲▼◀▶]|${DATE}|[a-z]+ (?:options|details|info|information|settings|menu|filters?)|(?:more )?(?:options|details|info|information))$`,
);

export function isToggle(el: ElementInfo): boolean {
  const role = el.role.toLowerCase();
  if (TOGGLE_ROLES.has(role)) return true;
  return el.tag === 'input' && ['checkbox', 'radio', 'range', 'color', 'date', 'time', 'datetime-local', 'month', 'week', 'number', 'text', 'search', 'email', 'tel', 'url'].includes(el.inputType ?? '');
}

/** An element people activate (a button, a link, a menu item, a submit input): only these run code by design. */
export function isControl(el: ElementInfo): boolean {
  const role = el.role.toLowerCase();
  if (CONTROL_ROLES.has(role)) return true;
  if (el.tag === 'button' || el.tag === 'a' || el.tag === 'summary') return true;
  return el.tag === 'input' && ['submit', 'button', 'image', 'reset'].includes(el.inputType ?? '');
}

/** Every one of the control's names says it only shows, moves, chooses or searches. */
export function harmlessWords(names: string[]): boolean {
  if (!names.length) return false;
  return names.every((n) => HARMLESS_LEAD.test(n) || HARMLESS_WHOLE.test(n));
}
