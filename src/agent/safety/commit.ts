import type { ElementInfo } from '../../shared/page';
import type { ConfirmCategory } from '../../shared/run-events';

/**
 * Does activating this control itself pay, send, delete, change the account or commit to
 * something? Only then is it irreversible. Moving towards such a step ("Reply" opens a composer,
 * "Continue to payment" opens the payment page) is not: the final button on the next page is
 * what gets asked about.
 *
 * Words count where a verb stands, at the start of a name ("Pay $420" pays, "Payment options"
 * does not), and every name a control has is read: its accessible name, its visible text and the
 * page model's name, so a "Buy now $899" button labelled "Show shipping details" still buys.
 */

export type CommitCategory = Extract<ConfirmCategory, 'payment' | 'send' | 'delete' | 'account' | 'commit'>;

/** Final actions as the first words of a control's name. */
const FINAL_PHRASES: Array<[CommitCategory, RegExp]> = [
  [
    'payment',
    /^(?:pay\b|buy\b|purchase\b|order now\b|place (?:my |your |the )?order\b|complete (?:my |your |the )?(?:order|purchase|booking|payment|reservation|checkout|transfer)\b|(?:confirm|continue|proceed|agree) (?:and|&) (?:pay|book|buy|order|transfer)\b|confirm (?:the |my |your |this )?(?:booking|reservation|purchase|order|payment|transfer|transaction|withdrawal|donation)\b|book\b|reserve\b|subscribe\b(?=.*(?:[$€£¥]\s?\d|\d\s?(?:usd|eur|gbp)\b|\/\s?(?:mo|month|yr|year)\b|per (?:month|year)\b))|checkout and pay\b|start (?:my |your |the )?subscription\b|transfer\b|send (?:the |my )?(?:money|funds|payment|transfer)\b|send [$£€¥]?\d|wire\b|withdraw\b|donate\b|tip\b|(?:make|submit|authori[sz]e|approve|send) (?:a |the |my |this )?(?:payment|transfer|charge|transaction)\b|(?:top up|add funds|add money)\b)/,
  ],
  [
    'send',
    /^(?:send\b|post\b|publish\b|tweet\b|submit (?:the |my |your )?(?:message|comment|review|post|reply|application|request|form|order|claim)\b|share (?:now|post)\b|confirm (?:and|&) send\b)/,
  ],
  [
    'delete',
    /^(?:delete\b|remove\b(?! (?:(?:all |the |this )?filters?\b|(?:it |item |this item )?from (?:(?:the |my |your )?(?:cart|basket|bag|wishlist|list|comparison))\b))|erase\b|destroy\b|discard\b|wipe\b|empty (?:the )?(?:trash|bin)\b|cancel (?:my |the |this |your )?(?:booking|order|subscription|reservation|account|flight|trip|membership|plan)\b|close (?:my |the |your )?account\b|deactivate\b|unsubscribe\b|permanently delete\b|revoke\b)/,
  ],
  [
    'account',
    /^(?:change (?:my |your )?(?:password|email|e-mail|phone|username)\b|update (?:my |your )?(?:password|email|e-mail|account|security)\b|save (?:account|security|privacy) settings\b|reset (?:my |your )?password\b|(?:turn off|disable) (?:two-factor|2fa|two-step)\b|add (?:a )?(?:recovery|backup) (?:email|phone)\b|grant (?:access|permission)\b|authori[sz]e (?:app|application|access)\b)/,
  ],
  // Words that commit to whatever the page put around them: "Confirm", "Approve", "Yes, continue";
  // a bare "Subscribe" too (a newsletter's sends an address, a paid plan's names its price, which pays)
  ['commit', /^(?:subscribe\b|confirm\b|approve\b|authori[sz]e\b|accept\b(?! (?:all )?cookies\b)|agree\b|i agree\b|finali[sz]e\b|execute\b|sign\b(?! (?:in|up|out)\b)|yes\b|ok\b|okay\b|grant\b|allow\b|submit\b|finish\b|complete\b|proceed\b(?! to\b))/],
];

/** Words that only mean something final when they submit a form: a "Reply" link opens a composer. */
const SUBMIT_ONLY: Array<[CommitCategory, RegExp]> = [['send', /^(?:reply|reply all|reply to all|comment|add (?:a )?comment|post (?:a )?reply)$/]];

/** Words of a form's target URL path that say what posting to it does. */
const TARGET_WORDS: Array<[CommitCategory, RegExp]> = [
  ['payment', /^(?:pay|payment|payments|purchase|charge|place-?order|book|booking|bookings|checkout-?complete|transfer|transfers|wire|withdraw|withdrawal|donate|send-?money)$/],
  ['send', /^(?:send|reply|post|publish|comment|comments|message|messages|mail|outbox|contact)$/],
  ['delete', /^(?:delete|remove|destroy|cancel|cancellation|unsubscribe|deactivate|close-?account|revoke)$/],
  ['account', /^(?:password|change-?password|change-?email|security|two-?factor|2fa|account|settings|authorize|oauth|grant)$/],
];
/** A last path segment that says "do it" and leaves the what to the segment before it. */
const GENERIC_LAST = /^(?:submit|complete|confirm|finish|process|done|go|do|execute|approve)$/;
const CONTAINER_WORDS: Array<[CommitCategory, RegExp]> = [
  ['payment', /^(?:checkout|order|orders|cart|basket|payment|pay|booking|reservation|transfer|transfers)$/],
  ['send', /^(?:message|messages|mail|compose|comment|comments|review|reviews|post|posts|contact)$/],
  ['delete', /^(?:delete|remove|cancel)$/],
  ['account', /^(?:account|password|security|settings|profile)$/],
];

/** A control's words, lower case, with a polite or confirming lead-in taken off ("Yes, delete it"). */
export function normalizeWords(name: string): string {
  return name
    .toLowerCase()
    .replace(/[\u2019']/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:yes|ok|okay|sure)[,!.]?\s+(?=\S)/, '')
    .replace(/^(?:i agree(?:,|\s+and)?|agree and)\s+(?=\S)/, '');
}

/** Every name the control has, read fresh where the page gave them: accessible name, visible text, the page model's name. */
export function namesOf(el: ElementInfo): string[] {
  const names = [el.label, el.text, el.name].filter((n): n is string => !!n && !!n.trim()).map(normalizeWords);
  return [...new Set(names)];
}

/**
 * The first final category any of the names starts with; failing that, a pay, send, delete or
 * account phrase further in ("Next Pay $900" drawn as one label by CSS, "Sign in to book").
 * Erring towards asking: a person answers one extra question, a payment is not undone.
 */
export function finalCategory(names: string[]): CommitCategory | null {
  for (const [category, re] of FINAL_PHRASES) if (names.some((n) => re.test(n))) return category;
  for (const [category, re] of FINAL_PHRASES) {
    if (category === 'commit') continue;
    for (const n of names) {
      const words = n.split(' ');
      for (let i = 1; i < words.length; i++) if (re.test(words.slice(i).join(' '))) return category;
    }
  }
  return null;
}

export function submitOnlyCategory(names: string[]): CommitCategory | null {
  for (const [category, re] of SUBMIT_ONLY) if (names.some((n) => re.test(n))) return category;
  return null;
}

/** What posting a form to this URL does, read from the path's last segments; null when it says nothing final. */
export function formTargetCategory(url: string | undefined): CommitCategory | null {
  if (!url) return null;
  // the path of an absolute or relative address, without query or fragment
  const path = (/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)/i.exec(url)?.[1] ?? url.split(/[?#]/)[0] ?? '').toLowerCase();
  const segments = path.split('/').filter(Boolean);
  const last = segments.at(-1) ?? '';
  const lastWord = last.replace(/\.(?:php|aspx?|html?|do|action|json)$/, '');
  for (const [category, re] of TARGET_WORDS) if (re.test(lastWord)) return category;
  if (GENERIC_LAST.test(lastWord)) {
    const before = segments.at(-2) ?? '';
    for (const [category, re] of CONTAINER_WORDS) if (re.test(before)) return category;
  }
  return null;
}

/** Verbs that, as a segment of a link's address, do something when the address is loaded. */
const LINK_VERBS: Array<[CommitCategory, RegExp]> = [
  ['payment', /^(?:pay|purchase|buy|charge|transfer|wire|withdraw|donate|checkout)$/],
  ['send', /^(?:send|forward|publish)$/],
  ['delete', /^(?:delete|remove|destroy|trash|erase|cancel|unsubscribe|deactivate|revoke)$/],
  ['commit', /^(?:approve|confirm|authori[sz]e|accept)$/],
];
/** A segment naming a thing (inv-7731, 42, a hex id); a year (/news/2024/…) names none. */
const idLike = (segment: string | undefined) => !!segment && !/^(?:19|20)\d\d$/.test(segment) && (/\d/.test(segment) || /^[0-9a-f-]{16,}$/.test(segment));

/**
 * What loading a link's address does, for a link whose words say nothing: a GET passes the request
 * hold, so only the address can tell that /do/pay/inv-7731, /messages/42/delete or
 * /unsubscribe?token=… acts. A verb segment counts beside a segment naming what it acts on (one
 * with a digit), or last with details after "?"; /transfer or /payments alone are pages.
 */
export function linkTargetCategory(url: string | undefined): CommitCategory | null {
  if (!url) return null;
  const m = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*([^?#]*)(\?[^#]*)?/i.exec(url);
  if (!m) return null;
  const segments = (m[1] ?? '').toLowerCase().split('/').filter(Boolean);
  const query = /=/.test(m[2] ?? '');
  for (const [i, segment] of segments.entries()) {
    // the verb alone or with one word (pay-now, delete_item); "pay-later-explained" is a title
    const words = segment.replace(/\.(?:php|aspx?|html?|do|action|json)$/, '').split(/[-_.]/);
    const verb = words.length <= 2 ? (words[0] ?? '') : '';
    const category = LINK_VERBS.find(([, re]) => re.test(verb))?.[0];
    if (!category) continue;
    if (idLike(segments[i + 1]) || idLike(segments[i - 1]) || (i === segments.length - 1 && query)) return category;
  }
  return null;
}
