/** The shape of a skill kind descriptor: how one kind of skill file is validated, built, shown and tried. */
import type { z } from 'zod';
import type { ParamsDef } from '../../core/param.js';
import type { PartialText } from '../../runtime/json-safe.js';
import type { ToolDef } from '../../core/tool.js';
import type { ExternalSkillFile, SkillProblem, ToolSkillFile } from '../files/external-skill.js';
import type { ExternalToolOptions } from '../files/external-tool.js';
import type { Skill } from '../model/skill.js';
import type { StoredMcpSkillOptions } from '../mcp/mcp-skill-stored.js';
import type { StoredSkill } from '../store/store.js';

/** What a kind's `build` gets besides the file. */
export interface SkillBuildContext {
  /** Whether the skill starts switched on. */
  enabled: boolean;
  /** Options for tools built from the file (environment, script sandbox) and for a stored skill's server (store, problems). */
  options: ExternalToolOptions & StoredMcpSkillOptions;
  /** The stored row, when the skill is built from the store (an MCP skill reads the tools accepted for it there). */
  stored?: StoredSkill;
}

/** What `skill show` and the console's Skills section show of one skill, beyond the fields every kind has. */
export interface SkillKindView {
  /** Lines `skill show` prints after the common ones (name, description, source, dates, access). */
  details: string[];
  /** Fields `skill show --json` adds after the summary, before `skill`. */
  json: Record<string, unknown>;
  /** The console: trigger words (prompt skills), else empty. */
  triggers: string[];
  /** The console: the tool names it contributes (known before it runs). */
  tools: string[];
  /** The console: one line about what runs (`script (node)`, `http GET https://…`, `mcp: <command or URL>`), or null. */
  runs: string | null;
  /** The console: the rules it runs under and the secrets it reads, one sentence each. */
  sandbox: string[];
}

/**
 * How its tools are tried, by `skill run` and the console's Try it:
 * - `none`: it has no tool; `skill run` refuses and says `hint`;
 * - `file`: its tools are built from the file alone (offered switched off too, where the call is refused);
 * - `server`: its tools come from a server it starts (offered only when switched on; `off` says so);
 *   the store keeps the tools accepted for it.
 * `rules` are the sentences the console shows beside each tool; `from` names where the tool comes from.
 */
export type SkillKindTry<F> =
  | { tools: 'none'; hint: string }
  | { tools: 'file'; from(file: F): string; rules(file: F): string[] }
  | { tools: 'server'; from(file: F): string; rules(file: F): string[]; off: string };

/** The hints a tool skill's tool gets (MCP annotations, see `ToolDef`): from its executor and the file's `destructive`, never its prose. */
export type SkillToolHints = Required<Pick<ToolDef, 'mutates' | 'destructive' | 'idempotent' | 'openWorld'>>;

/**
 * The outcome of one call of a tool skill: when `ok`, the tool result's `value`, else why it failed (the tool result `{ error }`;
 * a `PartialText` when only the ends of a long message were kept).
 */
export interface SkillToolOutcome {
  ok: boolean;
  value?: unknown;
  error?: string | PartialText;
}

/**
 * What a tool kind (one with an `executorType`) adds: the hints its tool gets, the rules its
 * executor runs under, and how one call runs. `toolFromSkillFile` asks it; nothing else
 * branches on an executor's type.
 */
export interface SkillKindTool<F extends ToolSkillFile> {
  /**
   * The tool's hints, from the executor and the file's `destructive` (an HTTP GET is read-only; any
   * other method is destructive unless the file says `destructive: false`), and, when destructive,
   * why in words (`why`, shown in the approval question after "it is destructive: ").
   */
  hints(file: F): SkillToolHints & { why?: string };
  /** The rules the executor runs under, one sentence each, with this file's limits (ms, bytes); `sandboxRules` returns them. */
  rules(executor: F['executor']): string[];
  /**
   * Runs one call with `args` already validated against the file's params; never throws.
   * `signal` is the pipeline's abort signal (an AI SDK abort, an MCP cancellation).
   */
  run(file: F, args: Record<string, unknown>, ctx: { options: ExternalToolOptions; signal?: AbortSignal }): Promise<SkillToolOutcome>;
}

/**
 * One kind of skill file (prompt, HTTP tool, script tool, MCP server). The list in
 * `kinds/index.ts` is the only place kinds are named: parsing, the store, `skill show`,
 * `skill run`, the console and the loader read it.
 */
export interface SkillKindDef<F extends ExternalSkillFile = ExternalSkillFile> {
  /** The kind's id: `prompt`, `http`, `script`, `mcp`. It names its file in src/skills/kinds/ and its fixture. */
  id: string;
  /** One line for docs and errors. */
  summary: string;
  /** The file's `kind` value. Tool kinds share `tool` and differ by `executorType`. */
  fileKind: F['kind'];
  /** For a tool kind: the `type` of its `executor`. */
  executorType?: string;
  /** For a tool kind: its tool's hints, rules and run (see {@link SkillKindTool}). */
  tool?: SkillKindTool<F & ToolSkillFile>;
  /** Its tools run in bubblewrap: `skill install` warns when this machine cannot sandbox them. */
  sandboxed?: boolean;
  /** zod schema of the whole file, or for a tool kind of its executor (the tool file around it is shared). */
  schema: z.ZodType;
  /**
   * The checks zod cannot express, as `{ path, message }` with JSON paths. Tolerant of a
   * malformed file: it also runs when zod refused the file, so every problem is listed at once.
   * `params` is a tool file's params as read (else empty).
   */
  problems(raw: Record<string, unknown>, params: ParamsDef): SkillProblem[];
  /** Builds the {@link Skill}; a `server` kind needs `ctx.stored` and connects (asynchronously). */
  build(file: F, ctx: SkillBuildContext): Skill | Promise<Skill>;
  /** What it may reach on this machine beyond its declared environment variables (a script's network), one sentence each. */
  access(file: F): string[];
  /** Where the values of its declared `env` variables go, or undefined for a kind that reads none. */
  envTo(file: F): string | undefined;
  /** What `skill show` and the console show of it. */
  view(file: F, stored: StoredSkill): SkillKindView;
  /** How its tools are tried. */
  try: SkillKindTry<F>;
}

/**
 * What a tool kind must say besides the rest: its `executorType` and its `tool`; nothing more for other kinds.
 * A tool kind whose executor spec is not in `ToolSkillFile.executor` has a `never` executor: the compiler then
 * asks for `executorListed`, whose type says where the spec goes.
 */
export type ToolKindFields<F> = F extends ToolSkillFile
  ? [F['executor']] extends [never]
    ? { executorListed: 'add its executor spec to ToolSkillFile.executor in src/skills/files/external-skill.ts' }
    : { executorType: string; tool: SkillKindTool<F> }
  : unknown;

/**
 * Identity, for type inference: `export default defineSkillKind<MyFile>({ id, ... })`. For a
 * file type of the tool file (`ToolSkillFile` with its own executor), `executorType` and `tool`
 * are required: the compiler names them.
 */
export function defineSkillKind<F extends ExternalSkillFile>(kind: SkillKindDef<F> & ToolKindFields<F>): SkillKindDef<F> {
  return kind;
}

/** A descriptor of any kind, as the list holds them (each kind takes its own file type). */

export type AnySkillKind = SkillKindDef<any>;
