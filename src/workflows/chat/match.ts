/**
 * Does a chat request ask to run a saved workflow again? Lexical on purpose: no model call decides
 * it, so a request that does not clearly name a workflow goes to the agent as before. A match needs
 * a word that asks for a repeat ("again", "replay", "run my ...") and words of the workflow's name
 * or description; two workflows that match equally well are no match (the agent runs).
 */
export interface WorkflowCandidate {
  id: string;
  name: string;
  description: string;
  site: string;
}

const REPEAT = /\b(again|re-?run|replay|repeat|redo|once more|(run|do|use|start) (my|the saved))\b/i;

const STOP = new Set(
  'a an the my our your me i we it its this that these those to on in at of for from by with and or as is be do does did done run runs use using start please again once more same saved workflow routine replay repeat redo rerun user new then now just can could would you'.split(
    ' ',
  ),
);

/** Lower-cased words with a crude stem, plus each pair of neighbours written together ("log in" -> "login"). */
function terms(text: string): Set<string> {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 0);
  const stem = (w: string) => (w.length > 4 ? w.replace(/(ings?|ed|es|s)$/, '') : w);
  const out = new Set<string>();
  words.forEach((w, i) => {
    if (!STOP.has(w)) out.add(stem(w));
    const next = words[i + 1];
    if (next) out.add(stem(w + next));
  });
  return out;
}

/** Whether a request asks to do something again at all: only then are the saved workflows read. */
export const asksToRepeat = (text: string): boolean => REPEAT.test(text);

export function matchWorkflowRequest(text: string, host: string, workflows: WorkflowCandidate[]): WorkflowCandidate | null {
  if (!asksToRepeat(text)) return null;
  const asked = terms(text);
  const scored = workflows
    .filter((w) => w.site === host)
    .map((w) => {
      const own = [...terms(`${w.name} ${w.description}`)].filter((t) => !t.includes(' '));
      const shared = own.filter((t) => asked.has(t)).length;
      return { w, shared, share: own.length ? shared / own.length : 0 };
    })
    .filter((s) => s.shared > 0)
    .sort((a, b) => b.shared - a.shared || b.share - a.share);
  const [best, second] = scored;
  if (!best) return null;
  if (second && second.shared === best.shared && second.share === best.share) return null;
  return best.w;
}
