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

const USER_MARK = /^=== user ===$/m;

/** A template's two parts, cut at its `=== user ===` line before anything is filled in. */
export function splitTemplate(template: string): { system: string; user: string } {
  const match = USER_MARK.exec(template);
  if (!match) return { system: template, user: '' };
  return { system: template.slice(0, match.index), user: template.slice(match.index + match[0].length) };
}

export interface PromptVars {
  /** the product's own text only: policies, formats, rules */
  system: Record<string, string | number>;
  /** everything else, above all anything a page, a file or the person wrote */
  user: Record<string, string | number>;
}

/**
 * Splits the template into its system and user parts first, then fills each part with its own
 * variables. A value can therefore never move the split, and a template that places a user
 * variable (page text, a title, an example page) in its system part throws: `render` finds a
 * placeholder without a value there and a value without a placeholder in the other part.
 */
export function renderPrompt(template: string, vars: PromptVars, name = 'template'): { system: string; user: string } {
  const parts = splitTemplate(template);
  if (!parts.user.trim() && Object.keys(vars.user).length) throw new Error(`${name}: has no "=== user ===" part for ${Object.keys(vars.user).join(', ')}`);
  return {
    system: render(parts.system, vars.system, `${name} (system part)`).trim(),
    user: render(parts.user, vars.user, `${name} (user part)`).trim(),
  };
}
