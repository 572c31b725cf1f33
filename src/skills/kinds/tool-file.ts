/** What the HTTP and script kinds share: the tool file around an executor, its params, and how `skill show` lists them. */
import { z } from 'zod';
import { paramProblems } from '../../core/definition-problems.js';
import { isDestructive, isReadOnly, setDestructiveReason } from '../../core/approval.js';
import { jsonPath } from '../../core/json-path.js';
import { paramNameProblem, type ParamsDef } from '../../core/param.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { paramsFromJsonSchema, type SkillProblem } from '../files/json-schema-params.js';
import { toolSkillFields } from '../files/skill-file-schema.js';
import type { ToolSkillFile } from '../files/external-skill.js';
import type { ExternalToolOptions } from '../files/external-tool.js';
import { defineTool, setToolLocation, type AnyToolDef } from '../../core/tool.js';
import type { ToolCallContext } from '../../core/call-context.js';
import { createSkill, type Skill } from '../model/skill.js';
import type { SkillBuildContext, SkillKindTool, SkillToolHints } from './define-skill-kind.js';
import { cliCommand } from '../../shared/cli-command.js';

/**
 * zod schema of a tool skill file whose executor is one of `executors` (each `{ type: literal, ... }`):
 * `params` or `parameters` (checked further by `toolParams`), the executor, and `env`.
 */
export function toolSkillSchemaOf(executors: readonly z.ZodType[], types: readonly string[]) {
  return z.strictObject({
    ...toolSkillFields,
    executor: z.discriminatedUnion('type', executors as unknown as [z.ZodObject, ...z.ZodObject[]], {
      error: `expected an executor with "type": ${types.map((t) => `"${t}"`).join(' or ')}`,
    }),
  });
}

/** A tool file's params as written (`params`, or JSON Schema `parameters` converted) and the problems zod cannot see in them. */
export function toolParams(raw: Record<string, unknown>): { params: ParamsDef; problems: SkillProblem[] } {
  const problems: SkillProblem[] = [];
  let params: ParamsDef = {};
  if (raw.params && raw.parameters)
    problems.push({ path: '$.parameters', message: 'give either "params" (our param map) or "parameters" (JSON Schema), not both' });
  if (raw.parameters) {
    const r = paramsFromJsonSchema(raw.parameters, '$.parameters');
    if ('problems' in r) problems.push(...r.problems);
    else params = r.params;
  } else if (isPlainObject(raw.params)) params = raw.params as ParamsDef;
  const where = raw.parameters ? '$.parameters.properties' : '$.params';
  // names as written (a "__proto__" key is an own property of parsed JSON, and lost once copied)
  const written = raw.parameters ? (raw.parameters as { properties?: unknown }).properties : raw.params;
  for (const key of isPlainObject(written) ? Object.keys(written) : []) {
    const bad = paramNameProblem(key);
    if (bad) problems.push({ path: `${where}${jsonPath([key]).slice(1)}`, message: bad });
  }
  for (const [key, def] of Object.entries(params))
    for (const p of paramProblems(key, def)) problems.push({ path: `${where}.${p.field}`, message: p.problem });
  return { params, problems };
}

/**
 * The ToolDef of a tool file, as its kind says (see `toolFromSkillFile`): named like the skill,
 * its params as validated, the kind's hints, and an `execute` that runs the kind's executor and
 * returns a failure as `{ error }`, never thrown. The domain `api` is ignored.
 */
export function toolOfKind<F extends ToolSkillFile>(file: F, kind: SkillKindTool<F>, options: ExternalToolOptions = {}): AnyToolDef {
  const { why, ...hints } = kind.hints(file);
  const def = defineTool({
    name: file.name,
    description: file.description,
    params: file.params,
    ...hints,
    async execute(_api: unknown, args: Record<string, unknown>, ctx: ToolCallContext) {
      const r = await kind.run(file, args, { options, ...(ctx.abortSignal ? { signal: ctx.abortSignal } : {}) });
      return r.ok ? r.value : { error: r.error };
    },
  });
  if (why !== undefined && isDestructive(hints)) setDestructiveReason(def, why);
  return setToolLocation(def, `skill "${file.name}"`);
}

/** The skill of a tool file: one tool, named like the skill, run by its kind's executor. */
export function buildToolSkill<F extends ToolSkillFile>(file: F, ctx: SkillBuildContext, kind: SkillKindTool<F>): Skill {
  return createSkill({
    name: file.name,
    description: file.description,
    kind: 'tool',
    tools: [toolOfKind(file, kind, ctx.options)],
    enabled: ctx.enabled,
  });
}

/** `skill show`'s lines for a tool file: what runs, then its params (`skill run` takes them as one JSON object, so as keys, not flags). */
export function toolDetails<F extends ToolSkillFile>(file: F, runs: string, kind: SkillKindTool<F>): string[] {
  const lines = [`executor: ${runs}`, `hints: ${hintsLine(kind.hints(file), file.destructive)}`];
  if (Object.keys(file.params).length > 0) lines.push(`params (${cliCommand(`skill run ${file.name} --args '{...}'`)}):`);
  for (const [p, d] of Object.entries(file.params))
    lines.push(
      `  ${p}: ${d.type}${d.required ? ' (required)' : ''}${d.default !== undefined ? ` [default ${JSON.stringify(d.default)}]` : ''}  ${d.description}`,
    );
  return lines;
}

/**
 * What the tool's annotations say, as `skill show` lists them: read-only, mutates, or destructive
 * (asks for approval before each call, the MCP spec's destructiveHint), with the kind's reason.
 */
function hintsLine(hints: SkillToolHints & { why?: string }, declared: boolean | undefined): string {
  if (isReadOnly(hints)) return 'read-only';
  if (isDestructive(hints)) return `destructive: asks for approval before each call${hints.why ? ` (${hints.why})` : ''}`;
  return `mutates, not destructive${declared === false ? ' (the skill file says destructive: false)' : ''}`;
}

/** The scheme, host and port of a URL or URL template (its placeholders never reach them). */
export function originOf(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/[^/?#]*)/i.exec(url);
  return m ? m[1]! : url;
}
