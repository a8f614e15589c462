/**
 * A `waitForExpression` whose expression only counts elements (what the Recorder's users write:
 * `document.querySelectorAll("li").length === 2`, `document.querySelector("#done") !== null`) is the
 * same wait as a `waitForElement` with an operator and a count, and is replayed as one: the file's
 * code is never run, its one CSS selector is read out of it. Any other expression stays unrun.
 */
export interface CountWait {
  selector: string;
  operator: '==' | '>=' | '<=';
  count: number;
}

const STRING = String.raw`(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')`;
const COUNT = new RegExp(String.raw`^document\.querySelectorAll\(\s*${STRING}\s*\)\.length\s*(===|==|>=|<=|>|<|!==|!=)\s*(\d+)$`);
const EXISTS = new RegExp(String.raw`^(!!)?document\.querySelector\(\s*${STRING}\s*\)(?:\s*(!==|===|!=|==)\s*null)?$`);

export function expressionAsWait(expression: string): CountWait | null {
  const e = expression.trim().replace(/;$/, '').trim();
  const unquote = (dq?: string, sq?: string) => (dq ?? sq ?? '').replace(/\\(.)/g, '$1');
  const c = COUNT.exec(e);
  if (c) {
    const selector = unquote(c[1], c[2]);
    const n = Number(c[4]);
    switch (c[3]) {
      case '===':
      case '==':
        return { selector, operator: '==', count: n };
      case '>=':
        return { selector, operator: '>=', count: n };
      case '<=':
        return { selector, operator: '<=', count: n };
      case '>':
        return { selector, operator: '>=', count: n + 1 };
      case '<':
        return n > 0 ? { selector, operator: '<=', count: n - 1 } : null;
      default:
        // "!= n" is not one count
        return null;
    }
  }
  const x = EXISTS.exec(e);
  if (!x) return null;
  const selector = unquote(x[2], x[3]);
  const absent = x[4] === '===' || x[4] === '==';
  if (x[1] && x[4]) return null; // "!!document.querySelector(…) === null" is not a shape people write
  return absent ? { selector, operator: '==', count: 0 } : { selector, operator: '>=', count: 1 };
}
