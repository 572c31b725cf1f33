/** Tool search: BM25 ranking of tools by name, title, description and params. */

import type { ParamsDef } from '../core/param.js';
import type { AnyToolDef } from '../core/tool.js';
import type { Registry, Tier } from '../registry/registry.js';
import { queryTerms } from './search-synonyms.js';
import { searchWords } from './search-words.js';

/**
 * What tool search reads of a tool: its name, title, description and params (names and
 * descriptions), and for a zod input that is not flat, the top-level properties of its
 * `inputSchema`. A `ToolDef` and a statically extracted tool both fit. `tier` is read when
 * the tools come as an array (a registry says it itself).
 */
export interface SearchableTool {
  name: string;
  title?: string;
  description: string;
  params: ParamsDef;
  inputSchema?: Record<string, unknown>;
  tier?: Tier;
}

/** Options of {@link searchTools}. */
export interface SearchToolsOptions {
  /** The most results to return (default {@link DEFAULT_SEARCH_LIMIT}; at least 1, at most the number of tools). */
  limit?: number;
}

/** One match of {@link searchTools}: the tool, its BM25 score (higher is better, above 0) and its tier when known. */
export interface SearchHit<T extends SearchableTool = SearchableTool> {
  name: string;
  score: number;
  tier?: Tier;
  tool: T;
}

/** What {@link searchTools} returns: the hits, best first, and a note when the query was empty, cut or matched nothing. */
export interface SearchResult<T extends SearchableTool = SearchableTool> {
  results: SearchHit<T>[];
  note?: string;
}

/** The default number of results. */
export const DEFAULT_SEARCH_LIMIT = 5;

/**
 * The longest query read, in code points: a longer one is cut there (and the result says so).
 * 1 000 code points is several paragraphs, more than any request names a tool with; the cut keeps
 * the search time bounded whatever a model or a user sends.
 */
export const MAX_QUERY_LENGTH = 1000;

/**
 * How much one occurrence of a word counts, by where it is (BM25F-style field weights): the
 * name says what the tool is, the title and description what it does, params what it takes.
 */
const FIELD_WEIGHTS = { name: 3, title: 2, description: 1, paramName: 1, paramDescription: 0.5 } as const;

/** BM25's term-frequency saturation and length normalisation (the usual values, Robertson and Zaragoza 2009). */
const K1 = 1.2;
const B = 0.75;

interface Doc {
  /** Weighted frequency of each word. */
  tf: Map<string, number>;
  /** Weighted length. */
  length: number;
}

interface Index<T extends SearchableTool> {
  tools: readonly T[];
  tiers: (Tier | undefined)[];
  docs: Doc[];
  df: Map<string, number>;
  avgLength: number;
}

const docCache = new WeakMap<object, Doc>();
const indexCache = new WeakMap<object, Index<SearchableTool>>();

function docOf(tool: SearchableTool): Doc {
  const cached = docCache.get(tool);
  if (cached) return cached;
  const tf = new Map<string, number>();
  let length = 0;
  const add = (text: string | undefined, weight: number) => {
    if (!text) return;
    for (const w of searchWords(text)) {
      tf.set(w, (tf.get(w) ?? 0) + weight);
      length += weight;
    }
  };
  add(tool.name, FIELD_WEIGHTS.name);
  add(tool.title, FIELD_WEIGHTS.title);
  add(tool.description, FIELD_WEIGHTS.description);
  const params: [string, { description?: unknown }][] = Object.entries(tool.params ?? {});
  const props = tool.inputSchema?.properties;
  if (params.length === 0 && props && typeof props === 'object')
    params.push(...(Object.entries(props) as [string, { description?: unknown }][]));
  for (const [name, p] of params) {
    add(name, FIELD_WEIGHTS.paramName);
    add(typeof p?.description === 'string' ? p.description : undefined, FIELD_WEIGHTS.paramDescription);
  }
  const doc = { tf, length };
  docCache.set(tool, doc);
  return doc;
}

/** BM25's inverse document frequency of a word found in `df` of `n` tools. */
const idfOf = (df: number, n: number) => Math.log(1 + (n - df + 0.5) / (df + 0.5));

function buildIndex<T extends SearchableTool>(tools: readonly T[], tiers: (Tier | undefined)[]): Index<T> {
  const docs = tools.map(docOf);
  const df = new Map<string, number>();
  let total = 0;
  for (const d of docs) {
    total += d.length;
    for (const w of d.tf.keys()) df.set(w, (df.get(w) ?? 0) + 1);
  }
  return { tools, tiers, docs, df, avgLength: docs.length > 0 ? total / docs.length : 0 };
}

function isRegistry<T extends SearchableTool>(input: readonly T[] | Registry<any>): input is Registry<any> {
  return !Array.isArray(input) && typeof (input as Registry).tierOf === 'function';
}

/** The index of `input`, built once per registry or array (the arrays of a registry are frozen; rebuilt if an array grew). */
function indexOf<T extends SearchableTool>(input: readonly T[] | Registry<any>): Index<T> {
  const cached = indexCache.get(input) as Index<T> | undefined;
  const tools = (isRegistry(input) ? input.all : input) as readonly T[];
  if (cached && cached.tools.length === tools.length) return cached;
  const tiers = isRegistry(input) ? tools.map((t) => input.tierOf(t.name)) : tools.map((t) => t.tier);
  const index = buildIndex(tools, tiers);
  indexCache.set(input, index);
  return index;
}

/** `query` up to {@link MAX_QUERY_LENGTH} code points (read no further than that: a query of megabytes costs no more). */
function cutQuery(query: string): string {
  if (query.length <= MAX_QUERY_LENGTH) return query;
  let points = 0;
  for (let i = 0; i < query.length; i++) {
    const code = query.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) i++; // a surrogate pair is one code point
    if (++points === MAX_QUERY_LENGTH) return query.slice(0, i + 1);
  }
  return query;
}

const rank = (tier: Tier | undefined) => (tier === 'core' ? 0 : tier === 'extended' ? 1 : 2);

/**
 * Finds the tools a request calls for, ranked by BM25 over each tool's name, title,
 * description, param names and param descriptions (field weights: name 3, title 2,
 * description 1, param name 1, param description 0.5). Words are split on snake case, camel
 * case and punctuation, folded to lower case and lightly stemmed; Chinese and Japanese text
 * is compared as pairs of neighbouring characters (see `searchWords`). A query's verb also
 * matches its synonyms ("remove" finds `delete_node`), at 0.6 of its own weight, and a tool
 * scores each word's best match once (`SYNONYM_GROUPS`, `queryTerms`). Pure: no network, no
 * model, nothing written; the index of a registry or array is built on its first search and
 * kept (per tool object) for the next.
 *
 * - `tools`: a registry (hits carry their tier) or an array (hits carry each item's `tier`, when set).
 * - `query`: free text in any language. Cut at {@link MAX_QUERY_LENGTH} code points (with a note).
 *   An empty query (only spaces, or only stop words) returns the first `limit` tools of the core tier
 *   (of the array, when no tool has a tier) with score 0 and a note saying so.
 * - `options.limit`: how many hits at most (default 5); a limit below 1 or not an integer is read as 1
 *   or rounded down.
 *
 * Hits are those with a score above 0, best first; ties keep core before extended, then input order.
 * No hit at all gives an empty list and a note.
 */
export function searchTools<T extends AnyToolDef>(tools: Registry<T>, query: string, options?: SearchToolsOptions): SearchResult<T>;
export function searchTools<T extends SearchableTool>(tools: readonly T[], query: string, options?: SearchToolsOptions): SearchResult<T>;
export function searchTools<T extends SearchableTool>(
  tools: readonly T[] | Registry<any>,
  query: string,
  options: SearchToolsOptions = {},
): SearchResult<T> {
  const limit = Math.max(1, Math.floor(Number.isFinite(options.limit) ? options.limit! : DEFAULT_SEARCH_LIMIT));
  const index = indexOf(tools);
  const notes: string[] = [];
  const text = cutQuery(query ?? '');
  if (text.length < (query ?? '').length) notes.push(`the query was cut to its first ${MAX_QUERY_LENGTH} characters`);
  const words = [...new Set(searchWords(text))];
  if (words.length === 0) {
    const anyTier = index.tiers.some((t) => t !== undefined);
    const picked = index.tools
      .map((tool, i) => ({ tool, tier: index.tiers[i] }))
      .filter((x) => !anyTier || x.tier === 'core')
      .slice(0, limit);
    notes.push(
      `the query is empty (no word to search for), so these are the first ${picked.length} tools of the ${anyTier ? 'core tier' : 'list'}: ` +
        'describe the task in a few words to search',
    );
    return {
      results: picked.map(({ tool, tier }) => ({ name: tool.name, score: 0, ...(tier ? { tier } : {}), tool })),
      note: notes.join('; '),
    };
  }
  const n = index.docs.length;
  // each query word with its synonyms (remove: delete, erase...): a tool scores the best-matching term of each group
  const terms = queryTerms(words)
    .map((group) => [...group].filter(([w]) => index.df.has(w)).map(([w, weight]) => ({ w, weight, idf: idfOf(index.df.get(w)!, n) })))
    .filter((group) => group.length > 0);
  const scored: { i: number; score: number }[] = [];
  for (let i = 0; i < n; i++) {
    const doc = index.docs[i]!;
    const norm = K1 * (1 - B + (B * doc.length) / (index.avgLength || 1));
    let score = 0;
    for (const group of terms) {
      let best = 0;
      for (const { w, weight, idf } of group) {
        const f = doc.tf.get(w);
        if (f) best = Math.max(best, (weight * idf * f * (K1 + 1)) / (f + norm));
      }
      score += best;
    }
    if (score > 0) scored.push({ i, score });
  }
  scored.sort((a, b) => b.score - a.score || rank(index.tiers[a.i]) - rank(index.tiers[b.i]) || a.i - b.i);
  const results = scored.slice(0, limit).map(({ i, score }) => {
    const tier = index.tiers[i];
    return { name: index.tools[i]!.name, score, ...(tier ? { tier } : {}), tool: index.tools[i]! };
  });
  if (results.length === 0) notes.push('no tool matched the query: try other words, such as what the tool acts on');
  return notes.length > 0 ? { results, note: notes.join('; ') } : { results };
}
