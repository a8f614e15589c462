/**
 * The one vocabulary of secret fields: passwords, card numbers, CVV, expiry dates, one-time and
 * recovery codes, PINs, answers to security questions, social security, national id, passport and
 * personal tax numbers, API keys and tokens, seed phrases, bank account numbers. In English and the
 * common European languages (French, German, Spanish, Italian, Dutch, Portuguese). Used by the page
 * model (which never shows such a value), the recorder, the service worker and the Chrome Recorder
 * import (which never store one), the safety gate, and the chat's text check (which masks a value
 * written after these words). Pure: no DOM.
 *
 * It errs on the side of secrecy (a hidden value costs a question to the person; a shown one can
 * leak), but not so far that ordinary fields disappear: "Expected delivery", "Pinterest",
 * "Opinion", "Token count", "Postal code", "Tax rate", "VAT number", "Passport photo" and "Account
 * name" are not secret (test/unit/core/secret-fields.ts).
 */

/** What a secret field's value is, which is also the workflow variable it becomes. */
export type SecretKind =
  | 'card_cvc'
  | 'one_time_code'
  | 'card_number'
  | 'card_expiry'
  | 'password'
  | 'pin'
  | 'ssn'
  | 'api_key'
  | 'seed_phrase'
  | 'iban'
  | 'routing_number'
  | 'account_number'
  | 'security_answer'
  | 'passport_number'
  | 'national_id'
  | 'tax_id'
  | 'recovery_code'
  | 'secret';

/** `autocomplete` tokens that name a secret (HTML autofill field names). */
export const SECRET_AUTOCOMPLETE_TOKENS: ReadonlyMap<string, SecretKind> = new Map<string, SecretKind>([
  ['current-password', 'password'],
  ['new-password', 'password'],
  ['one-time-code', 'one_time_code'],
  ['cc-number', 'card_number'],
  ['cc-csc', 'card_cvc'],
  ['cc-exp', 'card_expiry'],
  ['cc-exp-month', 'card_expiry'],
  ['cc-exp-year', 'card_expiry'],
]);

/** The kind an autocomplete attribute names ("section-a billing cc-number" holds several tokens), if any. */
export function secretAutocomplete(autocomplete: string | undefined): SecretKind | undefined {
  for (const token of (autocomplete ?? '').toLowerCase().split(/\s+/)) {
    const kind = SECRET_AUTOCOMPLETE_TOKENS.get(token);
    if (kind) return kind;
  }
  return undefined;
}

/**
 * Words of a field, in the order a kind is decided: the first that matches names the variable.
 * Matched against `fieldWords` (lower case, accents dropped, camelCase and snake_case split into
 * words), so `\b` stands between words, " ?" allows "cardnumber" as well as "card number", and
 * "Contraseña" reads "contrasena".
 */
const KIND_WORDS: [SecretKind, RegExp][] = [
  ['recovery_code', /\b(?:recovery|backup|rescue|emergency|scratch) ?codes?\b|\bcodes? de (?:secours|recuperation)\b|\b(?:wiederherstellungs|sicherungs) ?codes?\b|\bcodigos? de (?:recuperacion|recuperacao|respaldo)\b|\bcodic[ei] di (?:recupero|backup)\b|\bherstel ?codes?\b/],
  ['security_answer', /\bmemorable ?(?:word|information|info|answer|phrase|name|place)\b|\b(?:security|secret) ?(?:question ?)?answer\b|\banswer ?(?:to ?)?(?:(?:the|your|a) ?)?(?:security|secret) ?question\b|\bmother ?s? ?maiden ?name\b|\breponse ?(?:secrete|de ?securite|a ?(?:la ?|votre ?)?question ?(?:secrete|de ?securite))\b|\bnom ?de ?jeune ?fille ?de ?(?:votre|ta|la) ?mere\b|\bsicherheits ?antwort\b|\bantwort ?auf ?(?:die ?|ihre ?)?sicherheits ?frage\b|\bgeburtsname ?der ?mutter\b|\brespuesta ?(?:secreta|de ?seguridad)\b|\brisposta ?(?:segreta|di ?sicurezza)\b|\bgeheim ?antwoord\b|\bbeveiligings ?antwoord\b|\bresposta ?(?:secreta|de ?seguranca)\b/],
  ['card_cvc', /\bcvv ?2?\b|\bcvc ?2?\b|\bcsc\b|\bcid\b|\bsecurity ?code\b|\bcard ?(?:verification|security|validation)\b|\bverification ?value\b|\bcard ?code\b|\bcode ?de ?securite\b|\bcryptogramme\b|\b(?:karten ?)?prue?f ?(?:nummer|ziffer|code)\b|\bcodigo ?de ?(?:seguridad|seguranca)\b|\bcodice ?di ?sicurezza\b|\bbeveiligings ?code\b/],
  ['one_time_code', /\b(?:otp|totp|2fa|mfa)\b|\bone ?time ?(?:code|password|passcode|pin)\b|\b(?:verification|login|sms) ?code\b|\bauth(?:entication|enticator)? ?code\b|\btwo ?(?:factor|step)\b|\b2 ?step\b|\bcode ?de ?verification\b|\b(?:bestatigungs|verifizierungs|verificatie) ?code\b|\bcodigo ?de ?(?:verificacion|verificacao)\b|\bcodice ?di ?verifica\b/],
  ['national_id', /\bnational ?(?:id|identity|identification|insurance|registration)\b|\bni ?(?:number|no|nr)\b|\bbsn\b|\bburger ?service ?nummer\b|\bsofi ?nummer\b|\bidentity ?(?:card ?)?number\b|\bpersonal ?(?:id|identity) ?(?:number|no|code)\b|\bdni\b|\b(?:personal ?)?ausweis ?nummer\b|\bnumero ?(?:de ?(?:la ?)?)?(?:carte|carta|documento|cedula) ?(?:d|de|di) ?identi|\bidentificatie ?nummer\b/],
  ['card_number', /\b(?:credit|debit) ?card\b|\bcard ?(?:number|num|no)\b|\bcc ?(?:number|num|no)\b|\bcardnumber\b|\bnumero ?(?:de|della|di|do) ?(?:carte|tarjeta|carta|cartao)\b|\b(?:karten|kaart) ?nummer\b/],
  ['card_expiry', /\bexp\b|\bexpir(?:y|ation|es|e)\b|\bexp ?(?:date|month|year)\b|\bmm ?\/ ?yy(?:yy)?\b|\bmmyy\b|\bcc ?exp|\bvalid ?(?:thru|through|until)\b|\bgood ?thru\b/],
  ['password', /password|passwd|\bpwd?\b|\bpass ?(?:code|phrase|word)\b|passwort|kennwort|wachtwoord|\bmot ?de ?passe\b|\bcontrasena\b|\bsenha\b|\bparola ?d ?ordine\b/],
  ['pin', /\bpin\b/],
  ['ssn', /\bssn\b|\bsocial ?(?:security|insurance)\b|\bsecurite ?sociale\b|\bsozialversicherungs ?(?:nummer|ausweis)?\b|\bseguridad ?social\b|\bseguranca ?social\b/],
  // "First name (as on passport)" names a name as it is written on one, not the passport's number
  ['passport_number', /(?<!\b(?:as|on|in|from|per|like) (?:on |in |the |your |my )?)\b(?:passport|passeport|pasaporte|passaporto|passaporte|paspoort|reisepass)(?: ?(?:number|num|no|nr|id|nummer))?\b(?! ?(?:photos?|picture|image|scan|copy|upload|country|issu|expir|type|holder|office|size|renewal|application))|\bpass ?nummer\b/],
  ['tax_id', /\btax ?(?:id|identification|identifier|number|no|nr|file ?number|reference)\b|\btax ?payer ?(?:id|number|no)\b|\b(?:i?tin|utr|nif)\b|\bsteuer ?(?:nummer|id|identifikations ?nummer)\b|\bsteuerliche ?identifikations|\bnumero ?(?:d ?identification ?)?fiscal\b|\bidentifiant ?fiscal\b|\b(?:codice|codigo) ?fiscale?\b|\bfiscal ?(?:code|number|id)\b|\bidentificacion ?fiscal\b|\bnumero ?de ?contribuinte\b/],
  ['seed_phrase', /\b(?:seed|recovery|backup|secret ?recovery) ?(?:phrase|words?)\b|\bmnemonic\b|\bprivate ?key\b/],
  ['api_key', /\bapi ?keys?\b|\baccess ?key\b|\bsecret ?key\b|\bclient ?secret\b/],
  ['iban', /\biban\b/],
  ['routing_number', /\brouting ?(?:number|num|no|code)\b|\bsort ?code\b|\baba\b|\bbank ?leitzahl\b|\bblz\b|\bcode ?(?:banque|guichet)\b/],
  ['account_number', /\b(?:bank ?)?(?:account|acct) ?(?:number|num|no)\b|\bbank ?account\b(?! ?(?:holder|name|owner|type|country|currency))|\bkonto ?nummer\b|\bnumero ?(?:de|di|del|da|do) ?(?:compte|cuenta|conto|conta)\b|\brekening ?nummer\b/],
  // a token, a bearer token, a secret: unless the token is counted or named, as on an AI or crypto page
  ['secret', /\btoken\b(?! ?(?:count|limit|usage|budget|amount|balance|price|cost|name|symbol|type|id)\b)|\bbearer\b|\bsecret\b/],
];

/**
 * The words a person writes before a secret in a chat message ("the CVC is 737", "pin 4321",
 * "Passwort: x"), by the kind they name; the chat's text check (src/agent/safety/text-secrets.ts)
 * builds its patterns from them (card numbers and IBANs it finds by their checksum; these words then
 * only tell it what a question asks for). Narrower than a field's words: running text says "exp"
 * or "token" for other things. Each is a field word above too, of its own kind but for "pin" (a
 * PIN field) and "passcode" (a password field), which a message counts with passwords and codes
 * (test/unit/agent/secret-words.test.ts). Accents are optional in a message: "contrasena" is read too.
 */
export const SECRET_TEXT_WORDS = {
  card_number: ['card number', 'credit card', 'debit card', 'numéro de carte', 'kartennummer', 'número de tarjeta', 'numero della carta', 'kaartnummer', 'número do cartão'],
  // an expiry is asked by the page as a secret field (cc-exp): given in chat, it goes to the vault as the card does
  card_expiry: ['expiry', 'expiry date', 'expiration', 'expiration date', 'exp', 'exp date', 'expires', 'valid thru', 'valid through', 'valid until', 'good thru'],
  card_cvc: ['cvc', 'cvc2', 'cvv', 'cvv2', 'csc', 'cid', 'security code', 'card code', 'verification value', 'code de sécurité', 'cryptogramme', 'kartenprüfnummer', 'código de seguridad', 'codice di sicurezza', 'beveiligingscode', 'código de segurança'],
  one_time_code: [
    'one-time code', 'one-time passcode', 'one-time password', 'otp', '2fa', '2fa code', 'verification code', 'auth code', 'authentication code', 'login code', 'sms code', 'passcode',
    'code de vérification', 'bestätigungscode', 'verifizierungscode', 'código de verificación', 'codice di verifica', 'verificatiecode', 'código de verificação',
  ],
  password: ['password', 'passwd', 'pwd', 'pw', 'passphrase', 'pin', 'mot de passe', 'passwort', 'kennwort', 'contraseña', "parola d'ordine", 'wachtwoord', 'senha'],
  recovery_code: ['recovery code', 'backup code', 'code de secours', 'wiederherstellungscode', 'código de recuperación', 'codice di recupero', 'herstelcode'],
  security_answer: ['memorable word', 'memorable information', 'security answer', 'secret answer', "mother's maiden name", 'réponse secrète', 'sicherheitsantwort', 'respuesta de seguridad', 'risposta segreta', 'geheim antwoord', 'resposta secreta'],
  ssn: ['ssn', 'social security number', 'social insurance number', 'numéro de sécurité sociale', 'sozialversicherungsnummer'],
  national_id: ['national id', 'national identity number', 'national insurance number', 'ni number', 'bsn', 'burgerservicenummer', 'dni', 'personalausweisnummer'],
  passport_number: ['passport', 'passport number', 'passport no', 'numéro de passeport', 'reisepassnummer', 'passnummer', 'número de pasaporte', 'numero di passaporto', 'paspoortnummer'],
  tax_id: ['tax id', 'tax number', 'tax identification number', 'taxpayer id', 'tin', 'itin', 'utr', 'steuernummer', 'steuer-id', 'steueridentifikationsnummer', 'numéro fiscal', 'codice fiscale', 'nif'],
  iban: ['iban'],
  account_number: ['account number', 'bank account', 'bank account number', 'numéro de compte', 'kontonummer', 'número de cuenta', 'numero di conto', 'rekeningnummer', 'número da conta'],
  routing_number: ['routing number', 'sort code', 'bankleitzahl', 'blz'],
  api_key: ['api key', 'access key', 'secret key', 'client secret'],
  secret: ['bearer token', 'access token', 'auth token', 'refresh token'],
} as const satisfies Partial<Record<SecretKind, readonly string[]>>;

const PASSWORD_WORDS = KIND_WORDS.find(([kind]) => kind === 'password')?.[1] ?? /password/;

/** A field's name, id, label or placeholder as lower-case words: "ccNumber" → "cc number", "api_key" → "api key". */
export function fieldWords(text: string): string {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/[_\-.#[\]=:"'’()]+/g, ' ')
    .replace(/\s+/g, ' ')
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
}

/** The kind the words of a field name, if any. */
export function secretWords(text: string): SecretKind | undefined {
  const words = fieldWords(text);
  return KIND_WORDS.find(([, re]) => re.test(words))?.[0];
}

/**
 * The name pattern: `SECRET_NAME.test(text)` says whether any words in `text` (names, ids,
 * labels, CSS paths, raw or camelCased) name a secret. A RegExp whose `exec` reads the text as
 * field words, so callers use it like any pattern.
 */
class SecretNamePattern extends RegExp {
  constructor() {
    super(KIND_WORDS.map(([, re]) => re.source).join('|'));
  }
  override exec(text: string): RegExpExecArray | null {
    return super.exec(fieldWords(text));
  }
}
export const SECRET_NAME: RegExp = new SecretNamePattern();

/** What is known of a form field, from the DOM, a fingerprint or a Recorder file. */
export interface SecretFieldFacts {
  /** the input's type attribute */
  type?: string;
  autocomplete?: string;
  /** the name attribute */
  name?: string;
  id?: string;
  placeholder?: string;
  /** its label or accessible name */
  label?: string;
  ariaLabel?: string;
}

/** What secret the field holds, or undefined when it holds none. The autocomplete token decides first. */
export function secretKind(facts: SecretFieldFacts): SecretKind | undefined {
  const fromAutocomplete = secretAutocomplete(facts.autocomplete);
  if (fromAutocomplete) return fromAutocomplete;
  const text = [facts.name, facts.id, facts.placeholder, facts.label, facts.ariaLabel].filter(Boolean).join(' ');
  const passwordType = (facts.type ?? '').toLowerCase() === 'password';
  // a password-type field is a password unless its words say it holds a PIN, a code or the like
  if (passwordType && PASSWORD_WORDS.test(fieldWords(text))) return 'password';
  return secretWords(text) ?? (passwordType ? 'password' : undefined);
}

/** Whether a field's value must never reach a prompt, a log, a recording or an export. */
export function isSecretField(facts: SecretFieldFacts): boolean {
  return secretKind(facts) !== undefined;
}
