/** Every rule a tool definition or a param breaks, as data; shared by `defineTool` and validate. */

import { COLOR_PATTERN, PARAM_TYPES, paramNameProblem, type ParamDef } from './param.js';
import { TOOL_NAME_PATTERN } from './tool-name.js';
import { didYouMeanValue, likelyTypo, unknownKeyMessage } from './suggest.js';
import { descriptionSizeProblem } from './size-limits.js';
import { isPlainObject } from '../util/is-plain-object.js';
import { inheritsFromAnother } from './known-options.js';
import { characters, codePoints } from './string-checks.js';

/** The keys a param definition may have (see {@link ParamDef}). */
const PARAM_KEYS = ['type', 'description', 'required', 'default', 'enum', 'min', 'max', 'pattern', 'integer'];

/** One rule a definition breaks: `field` is a dotted path such as `params.weight.enum`. */
export interface DefinitionProblem {
  field: string;
  problem: string;
}

const colorRe = new RegExp(COLOR_PATTERN);
const show = (v: unknown) => JSON.stringify(v) ?? String(v);

/**
 * Why a string param's `pattern` cannot be used, or `undefined` when it can: it must be a string
 * that compiles as an ECMA-262 regular expression with the `u` flag (JSON Schema's `pattern`;
 * the argument validator runs it as `new RegExp(pattern, 'u')`).
 */
export function patternProblem(pattern: unknown): string | undefined {
  if (typeof pattern !== 'string') return `expected a regular expression source string, got ${show(pattern)}`;
  try {
    new RegExp(pattern, 'u');
    return undefined;
  } catch (e) {
    return `${show(pattern)} is not a valid regular expression with the u flag (${e instanceof Error ? e.message : String(e)})`;
  }
}

/** What is wrong with string `value` for a string param's lengths (in code points) and pattern, or `undefined`. */
export function stringProblem(def: Pick<ParamDef, 'min' | 'max' | 'pattern'>, value: string): string | undefined {
  const n = codePoints(value);
  if (def.min !== undefined && n < def.min) return `has ${characters(n)}, fewer than min ${def.min}`;
  if (def.max !== undefined && n > def.max) return `has ${characters(n)}, more than max ${def.max}`;
  if (typeof def.pattern === 'string' && !patternProblem(def.pattern) && !new RegExp(def.pattern, 'u').test(value))
    return `${show(value)} does not match pattern ${def.pattern}`;
  return undefined;
}

function valueProblem(def: ParamDef, value: unknown): string | undefined {
  switch (def.type) {
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) return `expected a finite number, got ${show(value)}`;
      if (def.integer === true && !Number.isInteger(value)) return `expected an integer, got ${show(value)}`;
      if (def.min !== undefined && value < def.min) return `${value} is below min ${def.min}`;
      if (def.max !== undefined && value > def.max) return `${value} is above max ${def.max}`;
      break;
    case 'boolean':
      if (typeof value !== 'boolean') return `expected a boolean, got ${show(value)}`;
      break;
    case 'string':
    case 'color':
      if (typeof value !== 'string') return `expected a string, got ${show(value)}`;
      if (def.type === 'color' && !colorRe.test(value)) return `${show(value)} is not a hex color (#RGB, #RGBA, #RRGGBB, #RRGGBBAA)`;
      if (def.type === 'string') {
        const p = stringProblem(def, value);
        if (p) return p;
      }
      break;
    case 'string[]':
      if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) return `expected an array of strings, got ${show(value)}`;
      if (def.min !== undefined && value.length < def.min) return `has ${value.length} items, fewer than min ${def.min}`;
      if (def.max !== undefined && value.length > def.max) return `has ${value.length} items, more than max ${def.max}`;
      if (def.enum) {
        const bad = value.find((v) => !def.enum!.includes(v));
        if (bad !== undefined) return `item ${show(bad)} is not one of ${def.enum.map(show).join(', ')}`;
      }
      return undefined;
  }
  if (def.enum && !def.enum.includes(value as string | number)) return `${show(value)} is not one of ${def.enum.map(show).join(', ')}`;
  return undefined;
}

/** `members a, b are` or `member a is`: the enum members a problem names, shown as JSON. */
const membersAre = (members: readonly unknown[]) =>
  `${members.length === 1 ? 'member' : 'members'} ${members.map(show).join(', ')} ${members.length === 1 ? 'is' : 'are'}`;

/** Every rule one param breaks; `path` prefixes each field (e.g. `params.weight`). */
export function paramProblems(path: string, def: unknown): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  const add = (field: string, problem: string) => out.push({ field: field ? `${path}.${field}` : path, problem });
  if (!isPlainObject(def)) {
    add('', `expected a param definition object, got ${show(def)}`);
    return out;
  }
  const d = def as unknown as ParamDef;
  // a misspelt key would be dropped without a word: `requird: true` leaves the param optional
  for (const key of Object.keys(d)) {
    if (PARAM_KEYS.includes(key)) continue;
    add(
      key,
      `${unknownKeyMessage(key, PARAM_KEYS)}${key === 'optional' ? ' (params are optional unless they say `required: true`)' : ''}; a param has ${PARAM_KEYS.join(', ')}`,
    );
  }
  if (!PARAM_TYPES.includes(d.type)) {
    // `integer` is a JSON Schema type and a scaffold spec's word, but a param says it as a number with `integer: true`
    const hint =
      d.type === ('integer' as string) ? " (for a whole number write type: 'number', integer: true)" : didYouMeanValue(d.type, PARAM_TYPES);
    add('type', `unknown type ${show(d.type)}${hint}; use one of ${PARAM_TYPES.join(', ')} (params are flat: no object or nested schema)`);
    return out;
  }
  if (typeof d.description !== 'string' || d.description.trim() === '')
    add('description', 'is missing or empty; every param needs a description the model can read');
  const paramTooBig = descriptionSizeProblem(d.description);
  if (paramTooBig) add('description', paramTooBig);
  if (d.enum !== undefined) {
    if (!Array.isArray(d.enum) || d.enum.length === 0) add('enum', 'must be a non-empty array');
    else if (d.type === 'boolean') add('enum', 'is not allowed on a boolean param');
    else {
      const want = d.type === 'number' ? 'number' : 'string';
      const bad = d.enum.filter((m) => typeof m !== want || (want === 'number' && !Number.isFinite(m)));
      if (bad.length > 0) add('enum', `${membersAre(bad)} not of type ${want} (the param's type is ${d.type})`);
      // an integer param lists its enum under JSON Schema type integer: a fraction there is a value no call can pass
      const fractions = d.integer === true && bad.length === 0 ? d.enum.filter((m) => !Number.isInteger(m)) : [];
      if (fractions.length > 0)
        add(
          'enum',
          `${membersAre(fractions)} not ${fractions.length === 1 ? 'a whole number' : 'whole numbers'} (the param says integer: true)`,
        );
      if (new Set(d.enum).size !== d.enum.length) add('enum', 'has repeated members');
    }
  }
  for (const bound of ['min', 'max'] as const) {
    const v = d[bound];
    if (v === undefined) continue;
    if (d.type !== 'number' && d.type !== 'string[]' && d.type !== 'string')
      add(bound, `applies to number, string and string[] params only, not ${d.type}`);
    else if (typeof v !== 'number' || !Number.isFinite(v)) add(bound, `expected a finite number, got ${show(v)}`);
    else if (d.type === 'string[]' && (!Number.isInteger(v) || v < 0))
      add(bound, `is an item count and must be a whole number >= 0, got ${v}`);
    else if (d.type === 'string' && (!Number.isInteger(v) || v < 0))
      add(bound, `is a length in characters (Unicode code points) and must be a whole number >= 0, got ${v}`);
  }
  if (d.pattern !== undefined) {
    if (d.type !== 'string')
      add('pattern', `applies to string params only, not ${d.type}${d.type === 'color' ? ' (a color has its own hex pattern)' : ''}`);
    else {
      const p = patternProblem(d.pattern);
      if (p) add('pattern', p);
    }
  }
  if (typeof d.min === 'number' && typeof d.max === 'number' && d.min > d.max) add('min', `min ${d.min} is greater than max ${d.max}`);
  if (d.required !== undefined && typeof d.required !== 'boolean') add('required', `expected a boolean, got ${show(d.required)}`);
  if (d.integer !== undefined && typeof d.integer !== 'boolean') add('integer', `expected a boolean, got ${show(d.integer)}`);
  else if (d.integer !== undefined && d.type !== 'number') add('integer', `applies to number params only, not ${d.type}`);
  if (d.default !== undefined) {
    if (d.required === true)
      add(
        'default',
        'a param cannot be both required and defaulted; drop `required` (a default makes it always present) or drop the default',
      );
    const p = valueProblem(d, d.default);
    if (p) add('default', p);
  }
  return out;
}

/** ` (is "descripton" a typo?)` when `def` has a key close to the missing `key`, else ''. */
function typoOf(key: string, def: Record<string, unknown>): string {
  const near = likelyTypo(key, Object.keys(def));
  return near ? ` (is ${show(near)} a typo?)` : '';
}

/** The keys of a tool definition that decide whether and how it runs: each must be a value, read once, not a getter. */
const ACCESSOR_REFUSED = ['name', 'mutates', 'destructive', 'needsApproval', 'execute'] as const;

/**
 * Every rule a tool definition breaks, in field order; empty when it is valid.
 * Shared by {@link defineTool} (which throws on the first) and by `agent-tools validate`
 * (which reports them all), so both enforce the same rules.
 */
export function definitionProblems(def: unknown): DefinitionProblem[] {
  const out: DefinitionProblem[] = [];
  if (typeof def !== 'object' || def === null) return [{ field: '', problem: 'expected a tool definition object' }];
  if (inheritsFromAnother(def))
    out.push({
      field: '__proto__',
      problem:
        'the definition inherits from another object (`__proto__: {...}` or Object.create), whose keys such as needsApproval, mutates ' +
        'and destructive it would read unseen; write a plain object literal',
    });
  for (const key of ACCESSOR_REFUSED) {
    const own = Object.getOwnPropertyDescriptor(def, key);
    if (own && (own.get || own.set))
      out.push({ field: key, problem: 'is a getter or setter, which may answer differently each time it is read; write it as a value' });
  }
  const d = def as Record<string, unknown>;
  if (typeof d.name !== 'string' || !TOOL_NAME_PATTERN.test(d.name)) {
    out.push({
      field: 'name',
      problem: `${show(d.name)}${d.name === undefined ? typoOf('name', d) : ''} must match ${TOOL_NAME_PATTERN.source} (letters, digits, _ and -, at most 64 characters: the MCP and provider limit)`,
    });
  }
  if (typeof d.description !== 'string' || d.description.trim() === '')
    out.push({ field: 'description', problem: `is missing or empty${typoOf('description', d)}` });
  const tooBig = descriptionSizeProblem(d.description);
  if (tooBig) out.push({ field: 'description', problem: tooBig });
  if (d.title !== undefined && typeof d.title !== 'string')
    out.push({ field: 'title', problem: `expected a string, got ${show(d.title)}` });
  for (const flag of ['mutates', 'destructive', 'idempotent', 'openWorld'] as const) {
    if (d[flag] !== undefined && typeof d[flag] !== 'boolean')
      out.push({ field: flag, problem: `expected a boolean, got ${show(d[flag])}` });
  }
  if (!isPlainObject(d.params)) {
    out.push({ field: 'params', problem: 'expected an object mapping param names to definitions (use {} for no params)' });
  } else {
    for (const [name, p] of Object.entries(d.params)) {
      const bad = paramNameProblem(name);
      if (bad) out.push({ field: `params.${name}`, problem: bad });
      out.push(...paramProblems(`params.${name}`, p));
    }
  }
  return out;
}
