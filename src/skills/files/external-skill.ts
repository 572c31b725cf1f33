import { paramProblems } from '../../core/definition-problems.js';
import { jsonPath } from '../../core/json-path.js';
import { parsePlain } from '../../core/zod-issues.js';
import { paramNameProblem, type ParamsDef } from '../../core/param.js';
import { paramsFromJsonSchema, type SkillProblem } from './json-schema-params.js';
import {
  skillFileSchema,
  type HttpExecutorSpec,
  type McpSkillFile,
  type PromptSkillFile,
  type ScriptExecutorSpec,
} from './skill-file-schema.js';
import { parseUrlTemplate, templateParamProblems } from '../executors/url-template.js';
import { placeholderKeys } from '../../util/fill-template.js';
import { envProblems } from './skill-env.js';
import { mcpHeaderProblems } from '../mcp/mcp-headers.js';
import { isPlainObject } from '../../util/is-plain-object.js';

export type { SkillProblem } from './json-schema-params.js';

/** A tool skill file after validation: `parameters` (JSON Schema) already converted to `params`. */
export interface ToolSkillFile {
  kind: 'tool';
  name: string;
  description: string;
  params: ParamsDef;
  executor: HttpExecutorSpec | ScriptExecutorSpec;
  /** The environment variables its `${env:NAME}` placeholders read (declared in the file). */
  env?: string[];
}

/** A validated external skill: prompt, tool (HTTP or script executor) or MCP. */
export type ExternalSkillFile = PromptSkillFile | ToolSkillFile | McpSkillFile;

type RawTool = { params?: unknown; parameters?: unknown; executor?: unknown };

/** The checks zod cannot express; tolerant of a malformed file so every problem is listed at once. */
function toolProblems(raw: RawTool): { params: ParamsDef; problems: SkillProblem[] } {
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
  const ex = isPlainObject(raw.executor) ? (raw.executor as Partial<HttpExecutorSpec>) : {};
  if (ex.type === 'http' && typeof ex.url === 'string') {
    const t = parseUrlTemplate(ex.url);
    if (typeof t === 'string') problems.push({ path: '$.executor.url', message: t });
    else {
      for (const message of templateParamProblems(t, params)) problems.push({ path: '$.executor.url', message });
    }
  }
  return { params, problems };
}

/** A prompt skill's arguments: each named once, each written `{{name}}` somewhere in `content` (else a typo goes unseen). */
function promptProblems(file: PromptSkillFile): SkillProblem[] {
  const problems: SkillProblem[] = [];
  const seen = new Set<string>();
  const used = placeholderKeys(file.content);
  (file.arguments ?? []).forEach((a, i) => {
    if (seen.has(a.name)) problems.push({ path: `$.arguments[${i}].name`, message: `repeats the argument name "${a.name}"` });
    seen.add(a.name);
    if (!used.has(a.name))
      problems.push({
        path: `$.arguments[${i}].name`,
        message: `"${a.name}" is not used in the content; write {{${a.name}}} where its value goes`,
      });
  });
  return problems;
}

/**
 * Validates one skill file (already parsed from JSON) with zod and the schema layer's
 * rules. Nothing is run or connected.
 *
 * Checks: the shape of each kind (unknown keys refused, so a typo is caught); the name
 * (`^[a-zA-Z0-9_-]{1,64}$`); every param as `defineTool` checks it; JSON Schema
 * `parameters` converted to flat params (nested objects refused); HTTP URLs (http/https
 * only, no placeholder in scheme or host, RFC 6570 placeholders without `{+x}`/`{#x}`, every
 * placeholder a param, a plain path placeholder required or defaulted); every `${env:NAME}`
 * a valid name declared in the file's `env` (see `envProblems`); an MCP server's `headers`
 * (HTTP field names, none the MCP client sets itself); prompt `arguments` (unique names, each written `{{name}}` in the content); script runtimes (python3, bash, node only); timeouts (HTTP at most 120 000
 * ms, script at most 30 000 ms).
 *
 * @returns the normalised skill, or every problem with its JSON path (`$.executor.url`).
 */
export function parseSkillFile(raw: unknown): { ok: true; skill: ExternalSkillFile } | { ok: false; problems: SkillProblem[] } {
  const r = parsePlain(skillFileSchema, raw);
  if (!r.ok) {
    const problems: SkillProblem[] = [...r.problems];
    const seen = new Set(problems.map((p) => `${p.path}\0${p.message}`));
    const more = [
      ...(isPlainObject(raw) && raw.kind === 'tool' ? toolProblems(raw).problems : []),
      ...(isPlainObject(raw) && raw.kind === 'mcp' ? mcpHeaderProblems(raw) : []),
      ...envProblems(raw),
    ];
    for (const p of more) if (!seen.has(`${p.path}\0${p.message}`)) problems.push(p);
    return { ok: false, problems };
  }
  const file = r.data;
  if (file.kind === 'prompt') {
    const problems = promptProblems(file);
    return problems.length > 0 ? { ok: false, problems } : { ok: true, skill: file };
  }
  if (file.kind !== 'tool') {
    const problems = [...mcpHeaderProblems(file), ...envProblems(file)];
    return problems.length > 0 ? { ok: false, problems } : { ok: true, skill: file };
  }
  const { params, problems } = toolProblems(raw as RawTool);
  problems.push(...envProblems(file));
  if (problems.length > 0) return { ok: false, problems };
  const { name, description, executor, env } = file;
  return { ok: true, skill: { kind: 'tool', name, description, params, executor, ...(env ? { env } : {}) } };
}

const SKILL_MD_AT = /^SKILL\.md(:\d+:\d+)$/;

/**
 * One problem as one line, `$.executor.url: message`, prefixed by `source` (where the skill
 * came from, as the user named it) when given. A problem with the empty path is about the
 * file or folder itself: `nosuch.json: no such file or folder`, no JSON path. A position in
 * a `SKILL.md` (path `SKILL.md:3:14`) becomes one `file:line:col` an editor opens:
 * `skills/bad/SKILL.md:3:14: message` for the folder `skills/bad`, or the `.md` file itself
 * when `source` names one.
 */
export function problemLine(p: SkillProblem, source?: string): string {
  const at = source ? SKILL_MD_AT.exec(p.path) : null;
  if (at && source) return `${/\.md$/i.test(source) ? source : `${source.replace(/[\\/]+$/, '')}/SKILL.md`}${at[1]}: ${p.message}`;
  return [source, p.path, p.message].filter(Boolean).join(': ');
}

/** Formats problems one per line with {@link problemLine}. */
export function formatProblems(problems: readonly SkillProblem[], source?: string): string {
  return problems.map((p) => problemLine(p, source)).join('\n');
}
