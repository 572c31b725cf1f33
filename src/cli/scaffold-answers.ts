/** What scaffold's prompts accept as a tool name or a param name, with the name to offer instead. */

import { paramNameProblem } from '../core/param.js';
import { charsOutsideToolNames, MAX_TOOL_NAME_LENGTH, SNAKE_CASE, snakeCaseProblem, snakeName } from '../core/tool-name.js';

/** camelCase with a lower-case first letter (`fontSize`, `id`): the other param-name convention, the one the bundled example uses. */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/** The camelCase form of a name: `font_size`, `FontSize` and `font-size` become `fontSize` (may be empty). */
function camelName(name: string): string {
  return snakeName(name).replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

/**
 * The answer check of the tool-name prompt: `true` for a snake_case name
 * (`^[a-z][a-z0-9]*(_[a-z0-9]+)*$`, at most 64 characters, the MCP and OpenAI limit), else
 * the problem in words with the snake_case name to use: `"SetFont" is not snake_case: try set_font`.
 * The same rule as validate's snake-case-name check, so a prompted tool never starts with a warning.
 */
export function toolNameAnswer(v: string): true | string {
  if (v === '') return 'a tool name is required';
  const suggestion = snakeName(v);
  const offer = SNAKE_CASE.test(suggestion) ? `: try ${suggestion}` : '';
  const bad = charsOutsideToolNames(v);
  if (bad.length > 0) return `${JSON.stringify(v)} holds ${bad.map((c) => JSON.stringify(c)).join(', ')}, which tool names cannot${offer}`;
  if ([...v].length > MAX_TOOL_NAME_LENGTH) return `at most ${MAX_TOOL_NAME_LENGTH} characters (this is ${[...v].length})`;
  return snakeCaseProblem(v) ?? true;
}

/**
 * The hint shown beside the tool name while it is typed: empty while the name so far is
 * snake_case (a trailing `_` is a word still being typed), else `✗` and what to use instead.
 */
export function toolNameTypingHint(v: string): string {
  if (v === '' || SNAKE_CASE.test(v.replace(/_+$/, ''))) return '';
  if (charsOutsideToolNames(v).length > 0) return '✗ letters, digits, _ and - only, at most 64';
  const suggestion = snakeName(v);
  return SNAKE_CASE.test(suggestion) ? `✗ not snake_case: ${suggestion}` : '✗ not snake_case';
}

/**
 * The answer check of the param-name prompt (a trailing `!` marks the param required; an empty
 * answer ends the params): `true` for a snake_case or camelCase name not yet taken, else the
 * problem with the names to use instead: `"FontSize" is neither snake_case nor camelCase: try
 * font_size or fontSize`. camelCase is accepted because the bundled example's params use it.
 */
export function paramNameAnswer(v: string, taken: Readonly<Record<string, unknown>>): true | string {
  if (v === '') return true;
  const n = v.endsWith('!') ? v.slice(0, -1) : v;
  if (n === '') return 'a param name is required before the !';
  if (n !== '__proto__' && !SNAKE_CASE.test(n) && !CAMEL_CASE.test(n)) {
    const offers = [...new Set([snakeName(n), camelName(n)])].filter((s) => SNAKE_CASE.test(snakeName(s)) && s !== '');
    return `${JSON.stringify(n)} is neither snake_case nor camelCase${offers.length > 0 ? `: try ${offers.join(' or ')}` : ''}`;
  }
  const problem = paramNameProblem(n);
  if (problem !== undefined) return problem;
  return !Object.hasOwn(taken, n) || `${n} is already a param`;
}
