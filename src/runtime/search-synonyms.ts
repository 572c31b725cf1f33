/** The verbs agents use for the same action (remove/delete, add/create...): tool search matches a query's verb to its synonyms. */

import { stem } from './search-words.js';

/**
 * Groups of verbs that ask for the same action, as agents and users word a request and as tools
 * are named (`delete_node` for "remove a node"). Each group is symmetric: a query word of a group
 * also matches the others, each at {@link SYNONYM_WEIGHT}. Only the query is expanded (a tool's
 * index holds its own words), so a tool named with the query's own verb still ranks first.
 * Kept small on purpose: verbs whose meaning does not depend on the object; nouns differ by domain.
 */
export const SYNONYM_GROUPS: readonly (readonly string[])[] = [
  ['remove', 'delete', 'erase', 'destroy', 'discard'],
  ['create', 'add', 'new', 'make', 'insert'],
  ['get', 'fetch', 'read', 'show', 'retrieve', 'view'],
  ['update', 'edit', 'modify', 'change', 'set', 'alter'],
  ['list', 'enumerate'],
  ['find', 'search', 'lookup', 'locate', 'query'],
  ['copy', 'duplicate', 'clone'],
  ['run', 'execute', 'invoke'],
];

/**
 * How much a synonym's match counts against the query's own word (1): enough to rank `delete_node`
 * first for "remove a node" when no tool says "remove", less than a tool that does say it.
 */
export const SYNONYM_WEIGHT = 0.6;

/** Each stemmed word of a group → the group's index (stemmed as {@link searchWords} stems a query). */
const groupOf = new Map<string, number>();
SYNONYM_GROUPS.forEach((group, i) => {
  for (const word of group) groupOf.set(stem(word), i);
});
const stemmedGroups = SYNONYM_GROUPS.map((group) => group.map(stem));

/**
 * The terms a search for `words` (stemmed query words, as `searchWords` gives them) looks up:
 * one entry per query word, or per synonym group when several query words share a group; each a
 * map of term → weight: the query's own words 1, their synonyms {@link SYNONYM_WEIGHT}. A tool
 * scores a term group's best term once, so "remove delete" does not count a delete twice.
 */
export function queryTerms(words: readonly string[]): Map<string, number>[] {
  const byKey = new Map<string | number, Map<string, number>>();
  for (const word of words) {
    const group = groupOf.get(word);
    const key = group ?? `w:${word}`;
    let terms = byKey.get(key);
    if (!terms) byKey.set(key, (terms = new Map()));
    terms.set(word, 1);
    if (group !== undefined) for (const synonym of stemmedGroups[group]!) if (!terms.has(synonym)) terms.set(synonym, SYNONYM_WEIGHT);
  }
  return [...byKey.values()];
}
