import { z } from 'zod';
import { definitionProblems } from '../core/definition-problems.js';
import { PARAM_TYPES, type ParamDef, type ParamsDef } from '../core/param.js';
import type { Tier } from '../registry/registry.js';
import { inferParam, type Inference } from './infer.js';

/** One tool to scaffold, validated and with every short-form param resolved. */
export interface ToolSpec {
  name: string;
  description: string;
  title?: string;
  mutates: boolean;
  destructive?: boolean;
  /** The folder under the output root: `read`, `create`, `modify`, ... (default `modify` for a mutating tool, else `read`). */
  domain: string;
  tier: Tier;
  params: ParamsDef;
  /** One entry per short-form param, in order, for the user to check. */
  inferences: Inference[];
}

/** A spec that cannot be used: `path` is its JSON path (`$[1].params.weight.default`). */
export class SpecError extends Error {
  override readonly name = 'SpecError';
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

/** Folder names a domain may use: one safe path segment. */
export const DOMAIN_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

const specShape = z.strictObject({
  name: z.string(),
  description: z.string(),
  title: z.string().optional(),
  mutates: z.boolean().default(false),
  destructive: z.boolean().optional(),
  domain: z.string().regex(DOMAIN_PATTERN, `must be one folder name matching ${DOMAIN_PATTERN.source}`).optional(),
  tier: z.enum(['core', 'extended']).default('extended'),
  params: z.record(z.string(), z.unknown()).default({}),
});

const paramShape = z.strictObject({
  type: z.enum(PARAM_TYPES as [string, ...string[]]),
  description: z.string(),
  required: z.boolean().optional(),
  default: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).optional(),
  enum: z.array(z.union([z.string(), z.number()])).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});

const IDENT = /^[A-Za-z_$][\w$]*$/;

/** Formats a JSON path: `$`, then `.key` or `["odd key"]` or `[3]` per segment. */
export function jsonPath(segments: readonly PropertyKey[]): string {
  return (
    '$' +
    segments
      .map((s) => (typeof s === 'number' ? `[${s}]` : IDENT.test(String(s)) ? `.${String(s)}` : `[${JSON.stringify(String(s))}]`))
      .join('')
  );
}

function zodFail(base: readonly PropertyKey[], error: z.ZodError): SpecError {
  const issue = error.issues[0]!;
  return new SpecError(jsonPath([...base, ...issue.path]), issue.message);
}

function resolveParams(base: PropertyKey[], raw: Record<string, unknown>): { params: ParamsDef; inferences: Inference[]; keys: Map<string, string> } {
  const params: ParamsDef = {};
  const inferences: Inference[] = [];
  const keys = new Map<string, string>();
  for (const [key, value] of Object.entries(raw)) {
    const name = key.endsWith('!') ? key.slice(0, -1) : key;
    if (keys.has(name)) throw new SpecError(jsonPath([...base, key]), `param "${name}" is given twice (as ${JSON.stringify(keys.get(name))} and ${JSON.stringify(key)})`);
    keys.set(name, key);
    if (typeof value === 'string') {
      const inf = inferParam(key, value);
      inferences.push(inf);
      params[name] = inf.def;
      continue;
    }
    const parsed = paramShape.safeParse(value);
    if (!parsed.success) throw zodFail([...base, key], parsed.error);
    const def = { ...parsed.data } as ParamDef;
    if (key.endsWith('!') && def.required === undefined) def.required = true;
    params[name] = def;
  }
  return { params, inferences, keys };
}

/** Maps a definition-problem field (`params.weight.default`) back to the input's JSON path. */
function problemPath(base: PropertyKey[], field: string, keys: Map<string, string>, rawParams: Record<string, unknown>): string {
  const [head, param, ...rest] = field.split('.');
  if (head === 'params' && param !== undefined) {
    const key = keys.get(param) ?? param;
    // a short-form param is only its description text: point at the value itself
    const shortForm = typeof rawParams[key] === 'string' && rest.join('.') === 'description';
    return jsonPath([...base, 'params', key, ...(shortForm ? [] : rest)]);
  }
  return jsonPath([...base, ...(field ? field.split('.') : [])]);
}

function parseOne(raw: unknown, base: PropertyKey[]): ToolSpec {
  const parsed = specShape.safeParse(raw);
  if (!parsed.success) throw zodFail(base, parsed.error);
  const s = parsed.data;
  const { params, inferences, keys } = resolveParams([...base, 'params'], s.params);
  const problems = definitionProblems({ ...s, params });
  const first = problems[0];
  if (first) throw new SpecError(problemPath(base, first.field, keys, s.params), first.problem);
  return {
    name: s.name,
    description: s.description,
    ...(s.title !== undefined ? { title: s.title } : {}),
    mutates: s.mutates,
    ...(s.destructive !== undefined ? { destructive: s.destructive } : {}),
    domain: s.domain ?? (s.mutates ? 'modify' : 'read'),
    tier: s.tier,
    params,
    inferences,
  };
}

/**
 * Validates one spec object or an array of them (as parsed from JSON) and resolves
 * short-form params with {@link inferParam}. The definition rules are the ones
 * `defineTool` enforces (`definitionProblems`), so a spec that passes here gives a tool
 * that loads.
 *
 * @throws {SpecError} for the first problem, naming its JSON path (`$` is the input;
 *   `$[i]` an array element): a missing or mistyped field, an unknown key, a bad name or
 *   domain, an unknown param type, an empty description, `required` together with
 *   `default`, a param given twice, an empty array.
 */
export function parseSpecs(input: unknown): ToolSpec[] {
  if (Array.isArray(input)) {
    if (input.length === 0) throw new SpecError('$', 'the array holds no spec; give at least one');
    return input.map((item, i) => parseOne(item, [i]));
  }
  return [parseOne(input, [])];
}
