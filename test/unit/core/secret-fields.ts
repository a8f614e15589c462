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
/** Fields of one kind, each named by its label alone. */
const labels = (kind: SecretKind | null, ...texts: string[]): SecretRow[] => texts.map((text) => label(text, kind));

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
  ...labels('card_cvc', 'Card verification value', 'CVV', 'CVC', 'CVV2', 'CID', 'Security code'),
  { facts: { name: 'security-code' }, kind: 'card_cvc' },
  { facts: { name: 'cardCvc' }, kind: 'card_cvc' },
  // social security number
  ...labels('ssn', 'Social security number', 'SSN', 'Social insurance number'),
  { facts: { name: 'socialSecurityNumber' }, kind: 'ssn' },
  { facts: { id: 'user_ssn' }, kind: 'ssn' },
  // authentication codes
  ...labels('one_time_code', 'Authentication code', '2FA code', 'MFA code', 'TOTP', 'Verification code', 'One-time code'),
  { facts: { placeholder: 'Enter the OTP' }, kind: 'one_time_code' },
  { facts: { name: 'otpCode' }, kind: 'one_time_code' },
  label('Two-factor code', 'one_time_code'),
  // API keys and tokens
  label('API key', 'api_key'),
  { facts: { name: 'api_key' }, kind: 'api_key' },
  { facts: { id: 'api-key' }, kind: 'api_key' },
  { facts: { name: 'apiKey' }, kind: 'api_key' },
  ...labels('api_key', 'Access key', 'Secret key', 'Client secret'),
  ...labels('secret', 'Token', 'Bearer token'),
  { facts: { name: 'auth_token' }, kind: 'secret' },
  // seed phrases
  ...labels('seed_phrase', 'Seed phrase', 'Recovery phrase', 'Secret recovery phrase', 'Mnemonic', 'Private key'),
  // expiry
  ...labels('card_expiry', 'Expiration date', 'Expiry', 'Exp date'),
  { facts: { placeholder: 'MM/YY' }, kind: 'card_expiry' },
  { facts: { placeholder: 'MM / YYYY' }, kind: 'card_expiry' },
  { facts: { name: 'cc-exp-month' }, kind: 'card_expiry' },
  // card numbers, PINs, passwords
  ...labels('card_number', 'Card number', 'Card no.', 'Credit card'),
  { facts: { name: 'cardnumber' }, kind: 'card_number' },
  { facts: { name: 'cc_number' }, kind: 'card_number' },
  label('PIN', 'pin'),
  { facts: { name: 'user_pin' }, kind: 'pin' },
  { facts: { name: 'pinCode' }, kind: 'pin' },
  ...labels('password', 'Password', 'Passcode', 'Passphrase'),
  { facts: { name: 'newPassword' }, kind: 'password' },
  { facts: { name: 'pwd' }, kind: 'password' },
  // bank details
  ...labels('account_number', 'Account number', 'Bank account no'),
  ...labels('routing_number', 'Routing number', 'Sort code'),
  label('IBAN', 'iban'),
  { facts: { name: 'iban' }, kind: 'iban' },
  ...labels('iban', 'IBAN-Nummer', 'Numéro IBAN'),
  ...labels('account_number', 'Bank account', 'Numéro de compte', 'Kontonummer', 'Número de cuenta', 'Numero di conto', 'Rekeningnummer', 'Número da conta'),
  ...labels('routing_number', 'Bankleitzahl', 'BLZ', 'Code banque'),
  // answers to security questions
  ...labels('security_answer', 'Memorable word', 'Memorable information', 'Security answer', 'Security question answer', 'Answer to your security question', 'Secret answer', "Mother's maiden name", 'Mother’s maiden name'),
  ...labels('security_answer', 'Réponse secrète', 'Nom de jeune fille de votre mère', 'Sicherheitsantwort', 'Antwort auf die Sicherheitsfrage', 'Respuesta de seguridad', 'Risposta segreta', 'Geheim antwoord', 'Resposta secreta'),
  { facts: { name: 'memorableWord' }, kind: 'security_answer' },
  // identity documents and personal tax ids
  ...labels('passport_number', 'Passport number', 'Passport No.', 'Passport', 'Numéro de passeport', 'Reisepassnummer', 'Passnummer', 'Número de pasaporte', 'Numero di passaporto', 'Paspoortnummer', 'Número do passaporte'),
  { facts: { name: 'passportNumber' }, kind: 'passport_number' },
  ...labels('national_id', 'National ID', 'National identity number', 'National insurance number', 'NI number', 'BSN', 'Burgerservicenummer', 'DNI', 'Personalausweisnummer', 'Identity card number'),
  ...labels('ssn', 'Numéro de sécurité sociale', 'Sozialversicherungsnummer', 'Número de la Seguridad Social'),
  ...labels('tax_id', 'Tax ID', 'Tax identification number', 'Tax number', 'TIN', 'Taxpayer ID', 'UTR', 'Steuernummer', 'Steuer-ID', 'Steueridentifikationsnummer', 'Numéro fiscal', 'Codice fiscale', 'NIF', 'Número de identificación fiscal'),
  { facts: { name: 'taxId' }, kind: 'tax_id' },
  // recovery codes
  ...labels('recovery_code', 'Recovery code', 'Backup code', 'Backup codes', '2FA backup code', 'Codes de secours', 'Wiederherstellungscode', 'Código de recuperación', 'Codice di recupero', 'Herstelcode'),
  // passwords, codes and cards in other languages
  ...labels('password', 'Password hint', 'Mot de passe', 'Passwort', 'Kennwort', 'Contraseña', "Parola d'ordine", 'Wachtwoord', 'Senha', 'Passwort bestätigen'),
  { facts: { name: 'motDePasse' }, kind: 'password' },
  ...labels('card_cvc', 'Code de sécurité', 'Cryptogramme visuel', 'Kartenprüfnummer', 'Código de seguridad', 'Codice di sicurezza', 'Beveiligingscode', 'Código de segurança'),
  ...labels('one_time_code', 'Code de vérification', 'Bestätigungscode', 'Código de verificación', 'Codice di verifica', 'Verificatiecode', 'Código de verificação'),
  ...labels('card_number', 'Numéro de carte', 'Kartennummer', 'Número de tarjeta', 'Numero della carta', 'Kaartnummer', 'Número do cartão'),

  // ordinary fields that must stay visible
  ...labels(
    null,
    'Expected delivery', 'Express shipping', 'Experience', 'Export format', 'Token count', 'Tokens', 'Pinterest profile', 'Spinner', 'Opinion',
    'Shipping', 'Pinned note', 'Passenger name', 'Boarding pass', 'Compass heading', 'Name on card',
  ),
  { facts: { autocomplete: 'cc-name', label: 'Cardholder name' }, kind: null },
  ...labels(
    null,
    'Gift card message', 'Postal code', 'Promo code', 'Discount code', 'Country code', 'Account name', 'Secretary', 'Keyboard layout', 'Description',
    'Username', 'Email',
  ),
  { facts: { type: 'email', autocomplete: 'email', name: 'email' }, kind: null },
  { facts: { type: 'text', autocomplete: 'username', name: 'login' }, kind: null },
  { facts: { type: 'search', name: 'q', placeholder: 'Search flights' }, kind: null },
  ...labels(null, 'From', 'Depart'),
  // close to the words above, but holding nothing secret
  ...labels(
    null,
    'Name', 'Search', 'Tax rate', 'Tax amount', 'Sales tax', 'VAT number', 'VAT ID', 'Passport photo', 'Passport issuing country', 'Search passports', 'First name (as on passport)', 'Last name as in passport',
    'Security question', 'Bank account holder', 'Bank name', 'Nationality', 'Maiden name', 'Answer', 'Code', 'Tint colour', 'Kundennummer', 'Nom', 'Adresse e-mail',
    'Código postal', 'Code postal', 'Identity provider', 'Order ID',
  ),
];
