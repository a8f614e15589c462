import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The words the code uses for its own parts, which a person reading the panel does not know
 * (issue 31, problem 5): the panel says "the model that acts", "the safety check", "a second
 * look", never these.
 */
const INTERNAL = /\b(polic(?:y|ies)|gate|reflections?|score|model roles?)\b/i;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? sources(p) : /\.tsx?$/.test(p) ? [p] : [];
  });
}

/** What a file shows a person: JSX text and the sentences in its string and template literals (not comments, class names, test ids or event kinds). */
export function shownTexts(src: string): string[] {
  const code = src
    .replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:'"`])\/\/.*$/gm, '$1')
    .replace(/^import .*$/gm, '')
    .replace(/\b(?:className|data-[\w-]+|key|type|role|id|htmlFor|name)=(?:"[^"]*"|'[^']*'|\{`[^`]*`\})/g, '');
  // text after an opening or closing tag, up to the next tag (TypeScript's `<T>` has none after it in these files)
  const jsx = [...code.matchAll(/(?:<[a-zA-Z][\w.]*(?:\s[^<>]*?)?>|<\/[\w.]*>)([^<>]*?)(?=<)/g)].map((m) => m[1]!.replace(/\{[^{}]*\}/g, ' ').trim());
  const literals = [...code.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)].map((m) => (m[1] ?? m[2] ?? m[3]!).replace(/\$\{[^}]*\}/g, ' '));
  // JSX text is always shown; a literal is when it is a sentence (identifiers, event kinds and class names have no space)
  return [...jsx.filter((t) => /[a-z]{2}/i.test(t) && !/;|\breturn\b|\bcase\b/.test(t)), ...literals.map((t) => t.trim()).filter((t) => /[a-z]\s+[a-z]/i.test(t))];
}

describe("the panel's own words", () => {
  it('never use the names of the code\'s parts', () => {
    // the timeline's words live in src/shared (the page's pill says them too)
    const found = [...sources('src/sidepanel'), 'src/shared/plain-words.ts'].flatMap((f) => shownTexts(readFileSync(f, 'utf8')).filter((t) => INTERNAL.test(t)).map((t) => `${f}: ${t}`));
    expect(found).toEqual([]);
  });

  it('finds such a word where a person would read it', () => {
    expect(shownTexts('<li className="ev policy small">Reflection: step {n} was wrong</li>')).toEqual(['Reflection: step   was wrong']);
    expect(shownTexts("const label = `${n} policy calls`; // the policy model")).toEqual(['policy calls']);
    expect(shownTexts("if (e.type === 'policy_started') return;")).toEqual([]);
  });
});
