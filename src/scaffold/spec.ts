/** The scaffold spec: validated with the definition rules, short-form params resolved, errors with their JSON path. */

import { z } from 'zod';
import { definitionProblems } from '../core/definition-problems.js';
import { jsonPath } from '../core/json-path.js';
import { snakeCaseProblem } from '../core/tool-name.js';
import { describeValue, parsePlain } from '../core/zod-issues.js';
import { PARAM_TYPES, type ParamDef, type ParamsDef } from '../core/param.js';
import type { OutputDef, OutputFieldDef } from '../core/output.js';
import { outputProblems } from '../core/output-problems.js';
import type { Tier } from '../registry/registry.js';
import { inferParam, type Inference } from './infer.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** One tool to scaffold, validated and with every short-form param resolved. */
export interface ToolSpec {
  name: string;
  description: string;
  title?: string;
  /** Whether the tool changes anything; absent when the spec does not say (the tool then counts as destructive). */
  mutates?: boolean;
  destructive?: boolean;
  /** The folder under the output root: `read`, `modify`, ... (default `read` for a tool that says `mutates: false`, else `modify`). */
  domain: string;
  tier: Tier;
  params: ParamsDef;
  /** The declared output, when the spec gives one (see `resolveOutput`). */
  output?: OutputDef;
  /** One entry per short-form param, in order, for the user to check. */
  inferences: Inference[];
}

/**
 * A spec that cannot be used: `path` is its JSON path (`$[1].params.weight.default`). `more` holds the other problems
 * found in the same object (every unknown key of `{"descrption": ..., "mutate": ...}`), each said after the first,
 * `; `-separated, so one run names them all.
 */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    readonly path: string,
    readonly problem: string,
    readonly more: readonly { path: string; message: string }[] = [],
  ) {
    super([`${path}: ${problem}`, ...more.map((p) => `${p.path}: ${p.message}`)].join('; '));
  }
}

/** Folder names a domain may use: one safe path segment. */
export const DOMAIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const specShape = z.strictObject({
  name: z.string(),
  description: z.string().optional(),
  desc: z.string().optional(),
  title: z.string().optional(),
  // no default: a spec that does not say stays undeclared, so the tool counts as destructive (the MCP spec's safe side)
  mutates: z.boolean().optional(),
  destructive: z.boolean().optional(),
  domain: z.string().regex(DOMAIN_PATTERN, `must be one folder name matching ${DOMAIN_PATTERN.source}`).optional(),
  // core by default: the tool just written is offered to the model and served by `serve` (whose default tier is core) at once
  tier: z.enum(['core', 'extended']).default('core'),
  params: z.record(z.string(), z.unknown()).default({}),
  output: z.record(z.string(), z.unknown()).optional(),
});

// `"type": "integer"` is the JSON Schema spelling of a whole-number param: a `number` param with `integer: true`
const paramShape = z.strictObject({
  type: z.enum(['integer', ...PARAM_TYPES] as [string, ...string[]]),
  description: z.string().optional(),
  desc: z.string().optional(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  enum: z.array(z.union([z.string(), z.number()])).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  pattern: z.string().optional(),
  integer: z.boolean().optional(),
});

/** Parses with the plain messages; every problem of the object (each unknown key, each bad field) goes into the SpecError. */
function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, base: readonly PropertyKey[]): z.output<S> {
  const r = parsePlain(schema, value, base);
  if (!r.ok) throw new SpecError(r.problems[0]!.path, r.problems[0]!.message, r.problems.slice(1));
  return r.data;
}

/**
 * The description under its long key or its short alias `desc` (the format of the skill
 * this product grew from): exactly one of the two.
 */
function descriptionOf(raw: { description?: string | undefined; desc?: string | undefined }, base: readonly PropertyKey[]): string {
  if (raw.description !== undefined && raw.desc !== undefined)
    throw new SpecError(jsonPath([...base, 'desc']), 'give "description" or its short form "desc", not both');
  const text = raw.description ?? raw.desc;
  if (text === undefined)
    throw new SpecError(jsonPath([...base, 'description']), 'missing required key "description" (or its short form "desc")');
  return text;
}

function resolveParams(
  base: PropertyKey[],
  raw: Record<string, unknown>,
): { params: ParamsDef; inferences: Inference[]; keys: Map<string, string> } {
  const params: ParamsDef = {};
  const inferences: Inference[] = [];
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(raw)) {
    const name = key.endsWith('!') ? key.slice(0, -1) : key;
    if (keys.has(name))
      throw new SpecError(
        jsonPath([...base, key]),
        `param "${name}" is given twice (as ${JSON.stringify(keys.get(name))} and ${JSON.stringify(key)})`,
      );
    keys.set(name, key);
    if (typeof value === 'string') {
      const inf = inferParam(key, value);
      inferences.push(inf);
      params[name] = inf.def;
      continue;
    }
    if (!isPlainObject(value)) {
      throw new SpecError(
        jsonPath([...base, key]),
        `param ${JSON.stringify(name)} must be its description (short form, e.g. "100-900") or an object { "type", "description", ... }, not ${describeValue(value)}`,
      );
    }
    const { desc, ...parsed } = parseOrThrow(paramShape, value, [...base, key]);
    const rest = parsed.type === 'integer' ? { ...parsed, type: 'number', integer: parsed.integer ?? true } : parsed;
    if (parsed.type === 'integer' && parsed.integer === false)
      throw new SpecError(
        jsonPath([...base, key, 'integer']),
        '"type": "integer" with "integer": false; give "type": "number" for any number',
      );
    const def = { ...rest, description: descriptionOf({ description: rest.description, desc }, [...base, key]) } as ParamDef;
    if (key.endsWith('!') && def.required === undefined) def.required = true;
    params[name] = def;
  }
  return { params, inferences, keys };
}

/** `description` as the user wrote it: `desc` when the object used the short key. */
const descKey = (raw: unknown, field: string) =>
  field === 'description' && typeof raw === 'object' && raw !== null && 'desc' in raw ? 'desc' : field;

/** Maps a definition-problem field (`params.weight.default`) back to the input's JSON path. */
function problemPath(
  base: PropertyKey[],
  field: string,
  keys: Map<string, string>,
  raw: unknown,
  rawParams: Record<string, unknown>,
): string {
  const [head, param, ...rest] = field.split('.');
  if (head === 'params' && param !== undefined) {
    const key = keys.get(param) ?? param;
    // a short-form param is only its description text: point at the value itself
    const shortForm = typeof rawParams[key] === 'string' && rest.join('.') === 'description';
    return jsonPath([...base, 'params', key, ...(shortForm ? [] : rest.map((f) => descKey(rawParams[key], f)))]);
  }
  return jsonPath([...base, ...(field ? field.split('.').map((f) => descKey(raw, f)) : [])]);
}

/**
 * A spec's `output`, written like `params`: a field as its description alone (short form, a
 * `string` field; `"id!"` makes it required) or a full output field (`{ "type", "description",
 * "required", "properties", ... }`, `desc` for `description`); checked by the runtime's
 * `outputProblems`, the first problem a {@link SpecError} at its JSON path. Nested `properties`
 * take the same forms.
 */
function resolveOutput(base: PropertyKey[], raw: Record<string, unknown>): OutputDef {
  const out: Record<string, OutputFieldDef> = {};
  for (const [key, value] of Object.entries(raw)) {
    const name = key.endsWith('!') ? key.slice(0, -1) : key;
    if (name in out) throw new SpecError(jsonPath([...base, key]), `output field "${name}" is given twice`);
    let def: Record<string, unknown>;
    if (typeof value === 'string') def = { type: 'string', description: value };
    else if (isPlainObject(value)) {
      const { desc, ...rest } = value;
      def = desc !== undefined && rest.description === undefined ? { ...rest, description: desc } : { ...rest };
    } else
      throw new SpecError(
        jsonPath([...base, key]),
        `output field ${JSON.stringify(name)} must be its description (short form) or an object { "type", "description", ... }, not ${describeValue(value)}`,
      );
    if (key.endsWith('!') && def.required === undefined) def.required = true;
    const nested = def.properties;
    if (isPlainObject(nested)) def.properties = resolveOutput([...base, key, 'properties'], nested);
    out[name] = def as unknown as OutputFieldDef;
  }
  const first = outputProblems(out)[0];
  if (first) {
    const [, field, ...rest] = first.field.split('.');
    const key = field !== undefined && !(field in raw) && `${field}!` in raw ? `${field}!` : field;
    const shortForm = key !== undefined && typeof raw[key] === 'string';
    throw new SpecError(jsonPath([...base, ...(key !== undefined ? [key] : []), ...(shortForm ? [] : rest)]), first.problem);
  }
  return out;
}

/**
 * JSON.parse keeps a `__proto__` key as an own property, but a record parse (and any plain
 * object it is copied into) drops it without a word: refuse it, naming it, so no param or
 * output field is lost silently.
 */
function refuseProtoKeys(raw: unknown, base: PropertyKey[]): void {
  if (!isPlainObject(raw)) return;
  for (const field of ['params', 'output'] as const) {
    const record = raw[field];
    if (isPlainObject(record) && Object.hasOwn(record, '__proto__'))
      throw new SpecError(
        jsonPath([...base, field, '__proto__']),
        `"__proto__" cannot be ${field === 'params' ? 'a param' : 'an output field'} name (JavaScript objects reserve it); rename it`,
      );
  }
}

function parseOne(raw: unknown, base: PropertyKey[]): ToolSpec {
  refuseProtoKeys(raw, base);
  const { desc, ...parsed } = parseOrThrow(specShape, raw, base);
  const s = { ...parsed, description: descriptionOf({ description: parsed.description, desc }, base) };
  const { params, inferences, keys } = resolveParams([...base, 'params'], s.params);
  const problems = definitionProblems({ ...s, params });
  const first = problems[0];
  if (first) throw new SpecError(problemPath(base, first.field, keys, raw, s.params), first.problem);
  // validate only warns (snake-case-name), but --interactive refuses it: a piped spec gets the same answer, so the
  // tool is never written under a name its first validate flags (and that a rename must then chase through the folder)
  const notSnake = snakeCaseProblem(s.name);
  if (notSnake) throw new SpecError(jsonPath([...base, 'name']), `${notSnake} (the snake-case-name rule; --interactive refuses it too)`);
  const output = s.output !== undefined ? resolveOutput([...base, 'output'], s.output) : undefined;
  return {
    name: s.name,
    description: s.description,
    ...(s.title !== undefined ? { title: s.title } : {}),
    ...(s.mutates !== undefined ? { mutates: s.mutates } : {}),
    ...(s.destructive !== undefined ? { destructive: s.destructive } : {}),
    // only a tool that says it only reads goes to read/: an undeclared one counts as destructive
    domain: s.domain ?? (s.mutates === false ? 'read' : 'modify'),
    tier: s.tier,
    params,
    ...(output ? { output } : {}),
    inferences,
  };
}

/**
 * Validates one spec object or an array of them (as parsed from JSON) and resolves
 * short-form params with {@link inferParam}. The definition rules are the ones
 * `defineTool` enforces (`definitionProblems`), so a spec that passes here gives a tool
 * that loads.
 *
 * @throws {SpecError} for the first spec or param with a problem, naming its JSON path (`$` is the input;
 *   `$[i]` an array element): a missing or mistyped field, an unknown key, a bad name (also one
 *   not snake_case, with the snake_case name to use) or domain, an unknown param type, an empty description, `required` together with
 *   `default`, a param given twice, an empty array. Every unknown key and mistyped field of that object is named at once.
 */
export function parseSpecs(input: unknown): ToolSpec[] {
  if (Array.isArray(input)) {
    if (input.length === 0) throw new SpecError('$', 'the array holds no spec; give at least one');
    return input.map((item, i) => parseOne(item, [i]));
  }
  return [parseOne(input, [])];
}
