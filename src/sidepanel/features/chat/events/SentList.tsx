import type { SentDetails } from '../../../../shared/run-events';

/**
 * What a held request carries, as a person reads it: each field by the words the page shows for
 * it ("Last name: Haddad"), a secret as "(not shown)", and the values the page adds itself
 * (hidden inputs, tokens) counted in one line rather than named. `words` puts a replay's values
 * in its own words.
 */
export function SentList({ sends, testId, words = (t) => t }: { sends: SentDetails; testId: string; words?: (t: string) => string }) {
  const { fields, hidden } = sends;
  if (!fields.length && !hidden) return null;
  const added = `${fields.length ? 'and ' : ''}${hidden} hidden ${hidden === 1 ? 'value' : 'values'} the page adds`;
  return (
    <ul className="sent-fields" data-testid={testId}>
      {fields.map((f, i) => (
        <li key={i}>
          {words(f.label)}
          {f.secret ? <span className="muted">: (not shown)</span> : f.empty ? <span className="warn">: (empty)</span> : f.value ? `: ${words(f.value)}` : ''}
        </li>
      ))}
      {hidden > 0 && <li className="muted">{added}</li>}
    </ul>
  );
}
