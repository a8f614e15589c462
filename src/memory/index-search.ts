import { terms, words } from './text';
import { normalize } from './vector';
import { registrableSite } from './same-site';

/**
 * The exemplar memory's search: BM25 over the words of the retrieval key, cosine similarity of
 * embeddings when both sides have one from the same model, and a boost for the same site. Built
 * once from the stored keys and kept while nothing changes; a query touches only the postings of
 * its own words and one pass of dot products, so 10k demonstrations answer in a few milliseconds.
 */

export interface MemoryEntry {
  id: string;
  site: string;
  /** the key text (task, title, headings, path words) */
  key: string;
  /** unit-length embedding of the key, absent when no model has embedded it */
  vector?: Float32Array;
}

export interface SearchQuery {
  key: string;
  site: string;
  vector?: Float32Array;
}

export interface Ranked {
  id: string;
  score: number;
  lexical: number;
  vector: number | null;
  sameSite: boolean;
  why: string;
}

export interface SearchOptions {
  k?: number;
  /** below this a demonstration is not similar enough to be an example */
  minScore?: number;
  /** why the vector path was not used, said in `why` (e.g. "no embedding model") */
  vectorNote?: string;
  /**
   * Only demonstrations recorded on the query's registrable site: pages of one site are not shown
   * as examples on another unless the person allowed it (setting "Use examples recorded on other
   * sites"). The agent's retrieval always says (retrieve.ts); left out, every site is searched.
   */
  sameSiteOnly?: boolean;
}

export const WEIGHTS = { lexical: 0.45, vector: 0.55, site: 0.15, minScore: 0.2 } as const;

const K1 = 1.2;
const B = 0.75;

export class MemoryIndex {
  private readonly ids: string[] = [];
  /** registrable sites (same-site.ts), what "same site" compares */
  private readonly sites: string[] = [];
  private readonly keys: string[] = [];
  private readonly lengths: number[] = [];
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly vectors: (Float32Array | undefined)[] = [];
  /** the vectors of the most common dimension side by side, one pass of memory for a query */
  private matrix = new Float32Array(0);
  private dim = 0;
  private readonly inMatrix: boolean[] = [];
  private avgLength = 1;

  constructor(entries: Iterable<MemoryEntry>) {
    let total = 0;
    for (const e of entries) {
      const doc = this.ids.length;
      this.ids.push(e.id);
      this.sites.push(registrableSite(e.site));
      this.keys.push(e.key);
      this.vectors.push(e.vector);
      const counts = new Map<string, number>();
      for (const t of terms(e.key)) counts.set(t, (counts.get(t) ?? 0) + 1);
      let length = 0;
      for (const [t, tf] of counts) {
        length += tf;
        let list = this.postings.get(t);
        if (!list) this.postings.set(t, (list = []));
        list.push({ doc, tf });
      }
      this.lengths.push(length);
      total += length;
    }
    this.avgLength = this.ids.length ? Math.max(1, total / this.ids.length) : 1;
    this.packVectors();
  }

  private packVectors(): void {
    const dims = new Map<number, number>();
    for (const v of this.vectors) if (v) dims.set(v.length, (dims.get(v.length) ?? 0) + 1);
    this.dim = [...dims].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
    this.matrix = new Float32Array(this.ids.length * this.dim);
    this.vectors.forEach((v, doc) => {
      const fits = v !== undefined && v.length === this.dim && this.dim > 0;
      this.inMatrix[doc] = fits;
      if (fits) this.matrix.set(v, doc * this.dim);
    });
  }

  get size(): number {
    return this.ids.length;
  }

  private idf(df: number): number {
    const n = this.ids.length;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  search(query: SearchQuery, opts: SearchOptions = {}): Ranked[] {
    const n = this.ids.length;
    if (!n) return [];
    const k = opts.k ?? 3;
    const minScore = opts.minScore ?? WEIGHTS.minScore;
    const site = registrableSite(query.site);
    if (opts.sameSiteOnly && !site) return [];

    // Lexical: BM25, scaled to 0..1 by the best score the query's words could reach.
    const qWords = words(query.key);
    const seen = new Map<string, string>();
    for (const w of qWords) if (!seen.has(w.term)) seen.set(w.term, w.word);
    const lexical = new Float32Array(n);
    let ceiling = 0;
    for (const term of seen.keys()) {
      const list = this.postings.get(term);
      if (!list) continue;
      const idf = this.idf(list.length);
      ceiling += idf * (K1 + 1);
      for (const { doc, tf } of list) {
        lexical[doc] = lexical[doc]! + (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * this.lengths[doc]!) / this.avgLength));
      }
    }

    const qv = query.vector && query.vector.length === this.dim ? normalize(query.vector) : undefined;
    const top: (Ranked & { doc: number })[] = [];
    let floor = minScore;
    for (let doc = 0; doc < n; doc++) {
      const lex = ceiling ? lexical[doc]! / ceiling : 0;
      const vec = qv && this.inMatrix[doc] ? dotAt(qv, this.matrix, doc * this.dim) : null;
      const sameSite = site !== '' && this.sites[doc] === site;
      if (opts.sameSiteOnly && !sameSite) continue;
      const score = (vec === null ? lex : WEIGHTS.lexical * lex + WEIGHTS.vector * Math.max(0, vec)) + (sameSite ? WEIGHTS.site : 0);
      if (score < floor) continue;
      // insertion into a list of at most k, best first
      let at = top.length;
      while (at > 0 && top[at - 1]!.score < score) at--;
      top.splice(at, 0, { doc, id: this.ids[doc]!, score, lexical: lex, vector: vec, sameSite, why: '' });
      if (top.length > k) top.pop();
      if (top.length === k) floor = Math.max(minScore, top[k - 1]!.score);
    }
    // the words each winner shares with the query, worked out for the k winners only
    return top.map(({ doc, ...r }) => {
      const own = new Set(terms(this.keys[doc]!));
      const shared = [...seen].filter(([term]) => own.has(term)).map(([, word]) => word);
      return { ...r, score: round(r.score), why: explain(r, shared, opts.vectorNote) };
    });
  }
}

function dotAt(q: Float32Array, matrix: Float32Array, offset: number): number {
  let s = 0;
  for (let i = 0; i < q.length; i++) s += q[i]! * matrix[offset + i]!;
  return s;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** "same site; words: flight, denver; vector 0.82" */
function explain(r: Ranked, matched: string[], vectorNote?: string): string {
  const parts: string[] = [];
  if (r.sameSite) parts.push('same site');
  if (matched.length) parts.push(`words: ${[...new Set(matched)].slice(0, 6).join(', ')}`);
  if (r.vector !== null) parts.push(`vector ${r.vector.toFixed(2)}`);
  else if (vectorNote) parts.push(vectorNote);
  return parts.join('; ');
}
