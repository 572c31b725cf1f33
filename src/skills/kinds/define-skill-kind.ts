/** The shape of a skill kind descriptor: how one kind of skill file is validated, built, shown and tried. */
import type { z } from 'zod';
import type { ParamsDef } from '../../core/param.js';
import type { ExternalSkillFile, SkillProblem } from '../files/external-skill.js';
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

/** Identity, for type inference: `export default defineSkillKind<MyFile>({ id, ... })`. */
export function defineSkillKind<F extends ExternalSkillFile>(kind: SkillKindDef<F>): SkillKindDef<F> {
  return kind;
}

/** A descriptor of any kind, as the list holds them (each kind takes its own file type). */

export type AnySkillKind = SkillKindDef<any>;
