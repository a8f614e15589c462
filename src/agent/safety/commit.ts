import type { ElementInfo } from '../../shared/page';
import type { ConfirmCategory } from '../../shared/run-events';

/**
 * Does clicking this control itself send, pay, delete, book or change the account? Only then is
 * it irreversible. Moving towards such a step ("Reply" opens a composer, "Continue to payment"
 * opens the payment page) is not: the final button on the next page is what gets asked about.
 *
 * The decision reads structure first (a link is a GET and changes nothing; a submit control posts
 * its form; where the form posts to), then the control's own words, taken from where a verb
 * stands: "Pay $420" pays, "Payment options" and "Continue to payment" do not.
 */

export type CommitCategory = Extract<ConfirmCategory, 'payment' | 'send' | 'delete' | 'account'>;

type ControlKind = 'link' | 'submit' | 'button';

/** Final actions as the first words of a control's name. */
const FINAL_PHRASES: Array<[CommitCategory, RegExp]> = [
  [
    'payment',
    /^(?:pay\b|buy\b|purchase\b|place (?:my |your |the )?order\b|complete (?:my |your |the )?(?:order|purchase|booking|payment|reservation)\b|confirm (?:and|&) (?:pay|book|buy)\b|confirm (?:the |my |your )?(?:booking|reservation|purchase|order|payment)\b|book\b|reserve\b|subscribe\b|checkout and pay\b|start (?:my |your |the )?subscription\b)/,
  ],
  [
    'send',
    /^(?:send\b|post\b|publish\b|tweet\b|submit (?:the |my |your )?(?:message|comment|review|post|reply|application|request|form|order)\b|share (?:now|post)\b|confirm (?:and|&) send\b)/,
  ],
  [
    'delete',
    /^(?:delete\b|remove\b(?! (?:(?:all |the |this )?filters?\b|(?:it |item |this item )?from (?:(?:the |my |your )?(?:cart|basket|bag|wishlist|list|comparison))\b))|erase\b|destroy\b|discard\b|empty (?:the )?(?:trash|bin)\b|cancel (?:my |the |this |your )?(?:booking|order|subscription|reservation|account|flight|trip|membership|plan)\b|close (?:my |the |your )?account\b|deactivate\b|unsubscribe\b|permanently delete\b)/,
  ],
  [
    'account',
    /^(?:change (?:my |your )?(?:password|email|e-mail|phone|username)\b|update (?:my |your )?(?:password|email|e-mail|account|security)\b|save (?:account|security|privacy) settings\b|reset (?:my |your )?password\b|(?:turn off|disable) (?:two-factor|2fa|two-step)\b)/,
  ],
];

/** Words that only mean something final when they submit a form: a "Reply" link opens a composer. */
const SUBMIT_ONLY: Array<[CommitCategory, RegExp]> = [
  ['send', /^(?:reply|reply all|reply to all|comment|add (?:a )?comment|post (?:a )?reply)$/],
];

/** Words of a form's target URL path that say what posting to it does. */
const TARGET_WORDS: Array<[CommitCategory, RegExp]> = [
  ['payment', /^(?:pay|payment|payments|purchase|charge|place-?order|book|booking|bookings|checkout-?complete|subscribe)$/],
  ['send', /^(?:send|reply|post|publish|comment|comments|message|messages|mail|outbox|contact)$/],
  ['delete', /^(?:delete|remove|destroy|cancel|cancellation|unsubscribe|deactivate|close-?account)$/],
  ['account', /^(?:password|change-?password|change-?email|security|two-?factor|2fa|account|settings)$/],
];
/** A last path segment that says "do it" and leaves the what to the segment before it. */
const GENERIC_LAST = /^(?:submit|complete|confirm|finish|process|done|go|do)$/;
const CONTAINER_WORDS: Array<[CommitCategory, RegExp]> = [
  ['payment', /^(?:checkout|order|orders|cart|basket|payment|pay|booking|reservation)$/],
  ['send', /^(?:message|messages|mail|compose|comment|comments|review|reviews|post|posts|contact)$/],
  ['delete', /^(?:delete|remove|cancel)$/],
  ['account', /^(?:account|password|security|settings|profile)$/],
];

function controlKind(el: ElementInfo): ControlKind | null {
  const role = el.role.toLowerCase();
  const tag = el.tag.toLowerCase();
  const type = (el.inputType ?? '').toLowerCase();
  if (el.formAction && (tag === 'button' || (tag === 'input' && ['submit', 'image'].includes(type)))) return 'submit';
  // href="#" and javascript: links run a script like a button; any other link loads a page (a GET).
  if ((tag === 'a' || role === 'link') && el.href && !/(?:^#|#$|^javascript:)/i.test(el.href.trim())) return 'link';
  if (['button', 'menuitem', 'link'].includes(role) || tag === 'button' || tag === 'a') return 'button';
  if (tag === 'input' && ['submit', 'button', 'image'].includes(type)) return 'button';
  return null;
}

/** The control's own words, lower case, with a polite or confirming lead-in taken off ("Yes, delete it"). */
function wordsOf(el: ElementInfo): string {
  return el.name
    .toLowerCase()
    .replace(/[\u2019']/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:yes|ok|okay|sure)[,!.]?\s+/, '')
    .replace(/^(?:i agree(?:,|\s+and)?|agree and)\s+/, '');
}

/** What posting a form to this URL does, read from the path's last segments; null when it says nothing final. */
export function formTargetCategory(url: string | undefined): CommitCategory | null {
  if (!url) return null;
  const path = (/^[a-z][a-z0-9+.-]*:\/\/[^/]*(\/[^?#]*)?/i.exec(url)?.[1] ?? url.split(/[?#]/)[0] ?? '').toLowerCase();
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const lastWord = last.replace(/\.(?:php|aspx?|html?|do|action)$/, '');
  for (const [category, re] of TARGET_WORDS) if (re.test(lastWord)) return category;
  if (GENERIC_LAST.test(lastWord)) {
    const before = segments.at(-2) ?? '';
    for (const [category, re] of CONTAINER_WORDS) if (re.test(before)) return category;
  }
  return null;
}

export function commitCategory(el: ElementInfo): CommitCategory | null {
  const kind = controlKind(el);
  if (!kind) return null;
  const words = wordsOf(el);
  if (kind === 'link') {
    // A link loads a page; only a link that says it deletes or unsubscribes (one-click links exist)
    // is final. A "Discard" link leaves a form unsent: nothing stored is lost.
    const final = FINAL_PHRASES.find(([, re]) => re.test(words))?.[0];
    return final === 'delete' && !/^discard\b/.test(words) ? final : null;
  }
  for (const [category, re] of FINAL_PHRASES) if (re.test(words)) return category;
  if (kind === 'submit') {
    const target = formTargetCategory(el.formAction);
    if (target) return target;
    for (const [category, re] of SUBMIT_ONLY) if (re.test(words)) return category;
  }
  return null;
}
