/** `defineTool` and `ToolDef`: one tool, defined once with params or a zod input, used by every adapter. */

import type { z } from 'zod';
import { lockApprovalKeys, type NeedsApproval } from './approval.js';
import { definitionProblems, type DefinitionProblem } from './definition-problems.js';
import { ToolDefinitionError } from './errors.js';
import type { ArgsOf, ParamsDef } from './param.js';
import type { ToolCallContext } from './call-context.js';
import { fromZodInput } from './zod-input.js';
import { guardExecute } from './guarded-execute.js';
import type { OutputReturn, OutputSpec } from './output.js';
import type { ToolListing } from './tools-list-entry.js';
import { outputProblems } from './output-problems.js';
import { toOutputSchema } from './output-schema.js';
import { unknownToolKeyProblem } from './tool-keys.js';

/**
 * One tool, defined once and used by every adapter: what it lists ({@link ToolListing}: `name`,
 * `title`, `description`, the hints `mutates`, `destructive`, `idempotent` and `openWorld`,
 * `params`, `output`), and how it runs:
 *
 * - `execute(api, args, ctx)`: does the work; `api` is the domain object the adapter passes in,
 *   `args` went through `parseArgs`, `ctx` is the call's {@link ToolCallContext} (abort
 *   `signal`, `reportProgress`, `log`; optional to use). Throw, or return `{ error: string }`,
 *   to report a failure.
 * - `snapshot(api, args)`: for a mutating tool, the state the call is about to change; the
 *   pipeline takes a deep copy before and after the call.
 * - `needsApproval`: whether a call must be approved before `execute` runs (a boolean, or a
 *   function of the parsed args; see {@link NeedsApproval}). Default: the tool is destructive.
 *   An approval policy (`approval: { allow, ask, deny }`) overrides it per tool; each adapter
 *   asks in its own way (node_modules/agent-tools/docs/approval.md).
 */
export interface ToolDef<P extends ParamsDef = ParamsDef, Api = any, R = unknown> extends ToolListing<P> {
  /**
   * For a tool defined with a zod `input` (see {@link ZodToolDef}): that schema. `params` is
   * then derived from it by `defineTool`, and `parseArgs` runs it after the params' coercion.
   */
  input?: z.ZodObject;
  execute(api: Api, args: ArgsOf<P>, ctx: ToolCallContext): R | Promise<R>;
  snapshot?(api: Api, args: ArgsOf<P>): unknown;
  needsApproval?: NeedsApproval<ArgsOf<P>>;
}

/**
 * A tool whose input is a zod 4 object schema instead of `params`, for people who already
 * write zod: `defineTool({ name, description, input: z.object({ city: z.string().describe('City') }), execute })`.
 * `args` in `execute` is `z.output` of the schema. Flat objects are first-class: `defineTool`
 * derives `params` from the schema (see `zodInputView`), so the tool's input schema is
 * `toInputSchema(params)` like any other; nested objects are allowed (listed with their
 * portable JSON Schema; `agent-tools validate` reports them with `flat-params`).
 */
export interface ZodToolDef<S extends z.ZodObject = z.ZodObject, Api = any, R = unknown> extends Omit<
  ToolDef<ParamsDef, Api, R>,
  'params' | 'input' | 'execute' | 'snapshot' | 'needsApproval'
> {
  input: S;
  params?: undefined;
  execute(api: Api, args: z.output<S>, ctx: ToolCallContext): R | Promise<R>;
  snapshot?(api: Api, args: z.output<S>): unknown;
  needsApproval?: NeedsApproval<z.output<S>>;
}

/**
 * What `defineTool` returns for a {@link ZodToolDef}: the same object, with `params` derived
 * from its input, typed as a tool any registry or adapter takes (`args` as `execute` sees it
 * is typed inside the definition, from the schema).
 */
export type DefinedZodTool<S extends z.ZodObject = z.ZodObject, Api = any, R = unknown> = ToolDef<ParamsDef, Api, R> & { input: S };

/**
 * What `defineTool` returns for a tool with an `output`: the definition with `output` typed as
 * written (so `ResolvedOutput<typeof tool.output>` names the result) and `outputSchema` set.
 */
export type WithOutput<T, O extends OutputSpec> = Omit<T, 'output' | 'outputSchema'> & { output: O; outputSchema: Record<string, unknown> };

/** Any tool definition, whatever its params, API and result types. */
export type AnyToolDef = ToolDef<any, any, any>;

// Kept on globalThis so that copies of this module loaded apart (tsx's tsImport loads a
// user's module and its imports in their own namespace) share one table.
const LOCATIONS_KEY = Symbol.for('agent-tools.tool-locations');
const locations: WeakMap<object, string> =
  ((globalThis as Record<symbol, unknown>)[LOCATIONS_KEY] as WeakMap<object, string> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[LOCATIONS_KEY] = new WeakMap<object, string>());

function callerLocation(): string | undefined {
  const stack = new Error().stack?.split('\n') ?? [];
  // [0] "Error", [1] callerLocation, [2] defineTool, [3] the user's call site.
  const line = stack[3]?.trim();
  const m = line?.match(/\(?((?:file:\/\/)?[^()]+:\d+:\d+)\)?$/);
  return m?.[1]?.replace(/^at\s+/, '');
}

/**
 * Where a tool was defined, as `path:line:col` of its `defineTool` call (taken from the
 * stack when it was defined), or `undefined` when unknown.
 */
export function toolLocation(def: object): string | undefined {
  return locations.get(def);
}

/**
 * Records where a tool that the library builds comes from, in place of the library file the stack
 * names (`skill "notes"` for a skill's tool), so that a clash of names (`DuplicateToolError`) points
 * at what the user installed.
 *
 * @returns `def`.
 */
export function setToolLocation<T extends object>(def: T, where: string): T {
  locations.set(def, where);
  return def;
}

/**
 * Defines a tool and checks the definition at once.
 *
 * `args` in `execute` is typed from `params`: `required: true` or a `default` makes a key
 * non-optional, an `enum` narrows to its literals, `color` is `string`, `string[]` with an
 * enum is an array of that union.
 *
 * With a zod `input` instead of `params` (see {@link ZodToolDef}), `params` (and, for an input
 * that is not flat, `inputSchema`) are set on the definition from the schema, and the same
 * rules apply to them, reported under `input.<field>` (a field without `.describe(...)` has no
 * description).
 *
 * With an `output` (see {@link OutputSpec}), `execute` must return `ResolvedOutput<O>` (or
 * `{ error }`): a wrong return is a compile error; `outputSchema` is set from it (`toOutputSchema`).
 *
 * @returns the same definition object, its approval keys (`needsApproval`, `mutates`,
 *   `destructive`), `name` and `execute` made read-only (see `lockApprovalKeys`). For a tool
 *   that may ask for approval (destructive, which is the default, or a `needsApproval` other than
 *   `false`), `execute` is a guard: called directly, it throws `ApprovalRequiredError` unless the
 *   tool's `needsApproval` function answers `false` for the args; `runTool` and every adapter run
 *   the tool's code after their approval step (see `guardExecute`).
 * @throws {TypeError} for a key a tool definition does not have (see `TOOL_KEYS`), before any
 *   other rule: `defineTool "nuke_db": unknown key "needsAproval" (did you mean "needsApproval"?)`.
 * @throws {ToolDefinitionError} for the first broken rule: both `params` and `input`, an
 *   `input` that is not a zod 4 `z.object`, cannot be written as JSON Schema or holds a union,
 *   nullable value or reference; a name outside
 *   `^[a-zA-Z0-9_-]{1,64}$`, an unknown param type, a missing or empty description, an
 *   empty enum or one whose members do not match the type, `min > max`, a `default` of the
 *   wrong type or outside the enum or range, `required` together with `default`, a param
 *   name outside `^[A-Za-z_][A-Za-z0-9_]{0,63}$`, an `output` that breaks its rules (see
 *   `outputProblems`), a missing `execute`, or a `needsApproval` that is neither a boolean nor a
 *   function.
 */
export function defineTool<S extends z.ZodObject, const O extends OutputSpec, Api = any>(
  def: ZodToolDef<S, Api, OutputReturn<O>> & { output: O },
): WithOutput<DefinedZodTool<S, Api, OutputReturn<O>>, O>;
export function defineTool<const P extends ParamsDef, const O extends OutputSpec, Api = any>(
  def: ToolDef<P, Api, OutputReturn<O>> & { input?: undefined; output: O },
): WithOutput<ToolDef<P, Api, OutputReturn<O>>, O>;
export function defineTool<S extends z.ZodObject, Api = any, R = unknown>(
  def: ZodToolDef<S, Api, R> & { output?: undefined },
): DefinedZodTool<S, Api, R>;
export function defineTool<const P extends ParamsDef, Api = any, R = unknown>(
  def: ToolDef<P, Api, R> & { input?: undefined; output?: undefined },
): ToolDef<P, Api, R>;
export function defineTool(def: ToolDef | ZodToolDef): ToolDef | ZodToolDef {
  const name = typeof def?.name === 'string' && def.name !== '' ? def.name : '<unnamed>';
  // a misspelt key is otherwise ignored: `needsAproval: true` runs the tool without approval
  if (typeof def === 'object' && def !== null)
    for (const key of Object.keys(def)) {
      const unknown = unknownToolKeyProblem(key);
      if (unknown) throw new TypeError(`defineTool ${JSON.stringify(name)}: ${unknown}`);
    }
  const problems = def?.input !== undefined ? inputProblems(def as ZodToolDef) : definitionProblems(def);
  problems.push(...outputProblems(def?.output));
  if (typeof def?.execute !== 'function') problems.push({ field: 'execute', problem: 'must be a function' });
  if (def?.snapshot !== undefined && typeof def.snapshot !== 'function')
    problems.push({ field: 'snapshot', problem: 'must be a function' });
  const approval = def?.needsApproval;
  if (approval !== undefined && typeof approval !== 'boolean' && typeof approval !== 'function')
    problems.push({ field: 'needsApproval', problem: 'must be a boolean or a function of the args' });
  const first = problems[0];
  if (first) throw new ToolDefinitionError(name, first.field, first.problem);
  if (def.output !== undefined) (def as ToolDef).outputSchema = toOutputSchema(def.output);
  const where = callerLocation();
  if (where) locations.set(def, where);
  guardExecute(def as ToolDef as Parameters<typeof guardExecute>[0]);
  lockApprovalKeys(def);
  return def;
}

function inputProblems(def: ZodToolDef): DefinitionProblem[] {
  if ((def as { params?: unknown }).params !== undefined)
    return [{ field: 'input', problem: 'give either params or input (a zod object), not both' }];
  const r = fromZodInput(def.input);
  if ('problem' in r) return [r];
  const target = def as unknown as ToolDef;
  target.params = r.params;
  if (r.inputSchema) target.inputSchema = r.inputSchema;
  return definitionProblems(def).map((p) => ({
    field: p.field.replace(/^params\b/, 'input'),
    problem:
      p.field.endsWith('.description') && p.problem.startsWith('is missing')
        ? `${p.problem}: add .describe('...') to the field`
        : p.problem,
  }));
}
