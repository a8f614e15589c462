import type { SecretFieldFacts, SecretKind } from '../../../src/core/secrets';

/**
 * The one table of secret and ordinary fields, used by every test of code that decides secrecy:
 * the shared module, the recorder's variable names, the service worker's store guard and the
 * Chrome Recorder import. `kind: null` rows are ordinary fields that must stay visible.
 */
export interface SecretRow {
  facts: SecretFieldFacts;
  kind: SecretKind | null;
}

const label = (text: string, kind: SecretKind | null): SecretRow => ({ facts: { label: text }, kind });

export const SECRET_FIELDS: SecretRow[] = [
  // by input type and autocomplete token
  { facts: { type: 'password' }, kind: 'password' },
  { facts: { type: 'password', label: 'PIN' }, kind: 'pin' },
  { facts: { type: 'password', label: 'One-time code' }, kind: 'one_time_code' },
  { facts: { autocomplete: 'current-password' }, kind: 'password' },
  { facts: { autocomplete: 'new-password' }, kind: 'password' },
  { facts: { autocomplete: 'one-time-code', label: 'Code' }, kind: 'one_time_code' },
  { facts: { autocomplete: 'cc-number' }, kind: 'card_number' },
  { facts: { autocomplete: 'section-pay billing cc-number' }, kind: 'card_number' },
  { facts: { autocomplete: 'cc-csc', label: 'Card number hint' }, kind: 'card_cvc' },
  { facts: { autocomplete: 'cc-exp' }, kind: 'card_expiry' },
  { facts: { autocomplete: 'cc-exp-month' }, kind: 'card_expiry' },
  { facts: { autocomplete: 'cc-exp-year' }, kind: 'card_expiry' },
  // card verification value
  label('Card verification value', 'card_cvc'),
  label('CVV', 'card_cvc'),
  label('CVC', 'card_cvc'),
  label('CVV2', 'card_cvc'),
  label('CID', 'card_cvc'),
  label('Security code', 'card_cvc'),
  { facts: { name: 'security-code' }, kind: 'card_cvc' },
  { facts: { name: 'cardCvc' }, kind: 'card_cvc' },
  // social security number
  label('Social security number', 'ssn'),
  label('SSN', 'ssn'),
  label('Social insurance number', 'ssn'),
  { facts: { name: 'socialSecurityNumber' }, kind: 'ssn' },
  { facts: { id: 'user_ssn' }, kind: 'ssn' },
  // authentication codes
  label('Authentication code', 'one_time_code'),
  label('2FA code', 'one_time_code'),
  label('MFA code', 'one_time_code'),
  label('TOTP', 'one_time_code'),
  label('Verification code', 'one_time_code'),
  label('One-time code', 'one_time_code'),
  { facts: { placeholder: 'Enter the OTP' }, kind: 'one_time_code' },
  { facts: { name: 'otpCode' }, kind: 'one_time_code' },
  label('Two-factor code', 'one_time_code'),
  // API keys and tokens
  label('API key', 'api_key'),
  { facts: { name: 'api_key' }, kind: 'api_key' },
  { facts: { id: 'api-key' }, kind: 'api_key' },
  { facts: { name: 'apiKey' }, kind: 'api_key' },
  label('Access key', 'api_key'),
  label('Secret key', 'api_key'),
  label('Client secret', 'api_key'),
  label('Token', 'secret'),
  label('Bearer token', 'secret'),
  { facts: { name: 'auth_token' }, kind: 'secret' },
  // seed phrases
  label('Seed phrase', 'seed_phrase'),
  label('Recovery phrase', 'seed_phrase'),
  label('Secret recovery phrase', 'seed_phrase'),
  label('Mnemonic', 'seed_phrase'),
  label('Private key', 'seed_phrase'),
  // expiry
  label('Expiration date', 'card_expiry'),
  label('Expiry', 'card_expiry'),
  label('Exp date', 'card_expiry'),
  { facts: { placeholder: 'MM/YY' }, kind: 'card_expiry' },
  { facts: { placeholder: 'MM / YYYY' }, kind: 'card_expiry' },
  { facts: { name: 'cc-exp-month' }, kind: 'card_expiry' },
  // card numbers, PINs, passwords
  label('Card number', 'card_number'),
  label('Card no.', 'card_number'),
  label('Credit card', 'card_number'),
  { facts: { name: 'cardnumber' }, kind: 'card_number' },
  { facts: { name: 'cc_number' }, kind: 'card_number' },
  label('PIN', 'pin'),
  { facts: { name: 'user_pin' }, kind: 'pin' },
  { facts: { name: 'pinCode' }, kind: 'pin' },
  label('Password', 'password'),
  label('Passcode', 'password'),
  label('Passphrase', 'password'),
  { facts: { name: 'newPassword' }, kind: 'password' },
  { facts: { name: 'pwd' }, kind: 'password' },
  // bank details
  label('Account number', 'account_number'),
  label('Bank account no', 'account_number'),
  label('Routing number', 'routing_number'),
  label('Sort code', 'routing_number'),
  label('IBAN', 'iban'),
  { facts: { name: 'iban' }, kind: 'iban' },

  // ordinary fields that must stay visible
  label('Expected delivery', null),
  label('Express shipping', null),
  label('Experience', null),
  label('Export format', null),
  label('Token count', null),
  label('Tokens', null),
  label('Pinterest profile', null),
  label('Spinner', null),
  label('Opinion', null),
  label('Shipping', null),
  label('Pinned note', null),
  label('Passenger name', null),
  label('Boarding pass', null),
  label('Compass heading', null),
  label('Name on card', null),
  { facts: { autocomplete: 'cc-name', label: 'Cardholder name' }, kind: null },
  label('Gift card message', null),
  label('Postal code', null),
  label('Promo code', null),
  label('Discount code', null),
  label('Country code', null),
  label('Account name', null),
  label('Secretary', null),
  label('Keyboard layout', null),
  label('Description', null),
  label('Username', null),
  label('Email', null),
  { facts: { type: 'email', autocomplete: 'email', name: 'email' }, kind: null },
  { facts: { type: 'text', autocomplete: 'username', name: 'login' }, kind: null },
  { facts: { type: 'search', name: 'q', placeholder: 'Search flights' }, kind: null },
  label('From', null),
  label('Depart', null),
];
