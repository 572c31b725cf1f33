/** Validates one skill file (prompt, tool or MCP) with zod and the schema layer's rules, and formats its problems. */

import { parsePlain } from '../../core/zod-issues.js';
import type { ParamsDef } from '../../core/param.js';
import type { SkillProblem } from './json-schema-params.js';
import type { HttpExecutorSpec, McpSkillFile, PromptSkillFile, ScriptExecutorSpec } from './skill-file-schema.js';
import { envProblems } from './skill-env.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { findSkillKind, isToolFileKind, skillFileSchema, skillKindOf } from '../kinds/index.js';
import { toolParams } from '../kinds/tool-file.js';

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
  /** The author's word on whether a call can be undone (MCP `destructiveHint`); left out, the kind decides (`SkillKindTool.hints`). */
  destructive?: boolean;
}

/** A validated external skill: prompt, tool (HTTP or script executor) or MCP. */
export type ExternalSkillFile = PromptSkillFile | ToolSkillFile | McpSkillFile;

/**
 * The problems zod cannot see, from the file's kind (see src/skills/kinds/) and, for a tool
 * file, its params (read even when the executor is wrong, so every problem is listed at once).
 */
function kindProblems(raw: unknown): { params: ParamsDef; problems: SkillProblem[] } {
  if (!isPlainObject(raw)) return { params: {}, problems: [] };
  const tool = isToolFileKind(raw.kind) ? toolParams(raw) : { params: {}, problems: [] };
  return { params: tool.params, problems: [...tool.problems, ...(findSkillKind(raw)?.problems(raw, tool.params) ?? [])] };
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
 * (HTTP field names, none the MCP client sets itself); prompt `arguments` (unique names, each written `{{name}}` in the content); script
 * runtimes (python3, bash, node only); timeouts (HTTP at most 120 000
 * ms, script at most 30 000 ms).
 *
 * @returns the normalised skill, or every problem with its JSON path (`$.executor.url`).
 */
export function parseSkillFile(raw: unknown): { ok: true; skill: ExternalSkillFile } | { ok: false; problems: SkillProblem[] } {
  const r = parsePlain(skillFileSchema, raw);
  const { params, problems: more } = kindProblems(raw);
  if (!r.ok) {
    const problems: SkillProblem[] = [...r.problems];
    const seen = new Set(problems.map((p) => `${p.path}\0${p.message}`));
    for (const p of [...more, ...envProblems(raw)]) if (!seen.has(`${p.path}\0${p.message}`)) problems.push(p);
    return { ok: false, problems };
  }
  const file = r.data as ExternalSkillFile | (Omit<ToolSkillFile, 'params'> & { params?: unknown; parameters?: unknown });
  // `${env:NAME}` is read only by a kind that sends its env somewhere (a prompt's content may say it literally)
  const problems = [
    ...more,
    ...(skillKindOf(file as ExternalSkillFile).envTo(file as ExternalSkillFile) === undefined ? [] : envProblems(file)),
  ];
  if (problems.length > 0) return { ok: false, problems };
  if (file.kind !== 'tool') return { ok: true, skill: file };
  const { name, description, executor, env, destructive } = file;
  return {
    ok: true,
    skill: {
      kind: 'tool',
      name,
      description,
      params,
      executor,
      ...(env ? { env } : {}),
      ...(destructive !== undefined ? { destructive } : {}),
    },
  };
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
