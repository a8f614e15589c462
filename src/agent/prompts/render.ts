/**
 * Fills `{{name}}` placeholders. Throws on a placeholder without a value and on a value without a
 * placeholder, so a template and the code that feeds it cannot drift apart silently.
 */
export function render(template: string, vars: Record<string, string | number>, name = 'template'): string {
  const used = new Set<string>();
  const missing = new Set<string>();
  const out = template.replace(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g, (_m, key: string) => {
    if (!Object.hasOwn(vars, key)) {
      missing.add(key);
      return '';
    }
    used.add(key);
    return String(vars[key]);
  });
  if (missing.size) throw new Error(`${name}: no value for {{${[...missing].join('}}, {{')}}}`);
  const unused = Object.keys(vars).filter((k) => !used.has(k));
  if (unused.length) throw new Error(`${name}: no placeholder for ${unused.join(', ')}`);
  return out;
}

/** Placeholder names in a template, for tests that check every template against its variables. */
export function placeholders(template: string): string[] {
  return [...new Set([...template.matchAll(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g)].map((m) => m[1] ?? ''))];
}
