export interface Secret {
  value: string;
  /** the host the secret was given for; null: no page may receive it */
  home: string | null;
}
export const SECRETS: Record<'apiKey' | 'password' | 'cvv' | 'ssn' | 'authCode' | 'pageApiKey' | 'seedPhrase' | 'expiry' | 'email', Secret>;
