/** The shapes the static analysis returns: extracted tools, diagnostics, registry lists. */

import type { Tier, TierChoice } from '../core/tier.js';
import type { Project, SourceFile } from 'ts-morph';
import type { ToolListing } from '../core/tools-list-entry.js';
import type { JsonSchemaObject } from './library-schemas.js';
import type { OwnAdapter } from './own-adapters.js';
import type { ModeledVersions } from './schema-model.js';

export type { OwnAdapter } from './own-adapters.js';

/**
 * How a tool is written: `defineTool` (ours, and `--callee` names), the MCP SDK's
 * `server.registerTool(...)`, `server.experimental.tasks.registerToolTask(...)` or `server.tool(...)`, the AI SDK's
 * `tool(...)`/`dynamicTool(...)`
 * in an object of tools, or Mastra's `createTool(...)`.
 */
export type ToolForm = 'defineTool' | 'mcp-registerTool' | 'mcp-registerToolTask' | 'mcp-tool' | 'ai-tool' | 'mastra-createTool';

/**
 * One tool found by static analysis: the `defineTool(...)` call's literal values, evaluated
 * the way the runtime would see them (`name`, `title?`, `description`, `mutates?`,
 * `destructive?`, `params`, from {@link ToolListing}), and where the call is.
 *
 * - `file`: relative to the analysis cwd, posix separators.
 * - `line`, `column`: 1-based, of the `defineTool` call expression (its callee's first character).
 * - `nameAt`: where the name is written, for findings about the name: the `name` property's value
 *   (`defineTool`), the first argument (`registerTool`, `server.tool`), the key in the object of tools
 *   (AI SDK, Mastra) or the `id` value (Mastra named by its id); its file may differ from `file`
 *   when the value comes from a spread object.
 * - `exportNames`: every name the declaring module exports it under (`'default'` for a
 *   default export), in source order; empty when it is not exported.
 * - `jsDoc`: the JSDoc text on the declaration (the variable statement or export), if any.
 * - `callee`: the factory name that was called (`defineTool` or a `--callee` name).
 * - `tier`: known when a registry list (`CORE_TOOLS`, `EXTENDED_TOOLS`, `createRegistry({ core, extended })`)
 *   in the analyzed files names the tool.
 * - `hasSnapshot`: the definition has a `snapshot` property.
 */
export interface ExtractedTool extends ToolListing {
  hasSnapshot: boolean;
  tier?: Tier;
  /** 0-based position of the tool in its tier's registry list (with spreads expanded), when it has a tier. */
  registryIndex?: number;
  file: string;
  line: number;
  column: number;
  nameAt: { file: string; line: number; column: number };
  exportNames: string[];
  jsDoc?: string;
  callee: string;
  /** The declared variable name (`const x = defineTool(...)`), absent for `export default defineTool(...)`. */
  variableName?: string;
  /** Whether the definition has an `execute` property (a method, arrow or function). */
  hasExecute: boolean;
  /** How the tool is written; absent for `defineTool` (and `--callee` names). */
  form?: Exclude<ToolForm, 'defineTool'>;
  /**
   * For a tool written with another library: the input schema that library sends at run
   * time (see `library-schemas.ts`), `$schema` left out. `params` is then only a view of it
   * for the checks (see `paramsView`); exports write this schema.
   */
  inputSchema?: JsonSchemaObject;
  /** For the MCP SDK forms: the `annotations` object as written (the server lists it as is). */
  annotations?: Record<string, unknown>;
  /**
   * The tool's `needsApproval` as written, when it has one: `true` or `false`, or `'per-call'`
   * for a function or a value not known without running code (decided at each call); with where
   * the key is; `implicit` for an AI SDK tool without one (`false`: the AI SDK runs it unasked),
   * where the `tool(...)` call is; `decides` for a function, its text and that of what it reads
   * (see `decidingText`), so a change to a list it reads is a change. Not listed anywhere
   * (tools/list has no field for it); `diff` compares it.
   */
  approvalRule?: { value: boolean | 'per-call'; implicit?: true; decides?: string; file: string; line: number; column: number };
}

/**
 * A problem found while extracting: data, not prose; positions 1-based, file relative to cwd.
 *
 * Codes: `not-static` (a value that cannot be known without running code, including an
 * import that cannot be followed), `syntax-error`, `factory-call` (a call of a function that
 * wraps defineTool, e.g. `makeTool('e')`), `duplicate-name` (two declarations define the same
 * tool name), `not-object` (defineTool called with something other than an object literal),
 * `missing-field` (no `name`, `description` or `params`), `bad-type` (a field of the wrong
 * JSON type, e.g. a number description).
 */
export interface Diagnostic {
  code: string;
  message: string;
  file: string;
  line: number;
  column: number;
  tool?: string;
  /** The field the problem is in, e.g. `'description'`, `'params.weight.enum'`. */
  field?: string;
}

/** One entry of a registry list: a tool reference or a spread of another list. */
export interface RegistryEntry {
  /** `'tool'` for an identifier/expression naming a tool, `'spread'` for `...OTHER_LIST`. */
  kind: 'tool' | 'spread';
  /** The entry's source text, e.g. `setFont` or `...CORE_TOOLS`. */
  text: string;
  /** For a tool entry: the tool name it resolves to, when it resolved to a declaration. */
  name?: string;
  /** For a tool entry: the resolved tool (same object as in `Analysis.tools`). */
  tool?: ExtractedTool;
  /** For a tool entry: it names a declaration in a file `AnalyzeOptions.ignore` left out, so it has no `tool`. */
  ignored?: true;
  /** For a tool entry: it names a declaration in a file with a syntax error (its `file:line:col`), so it has no `tool`. */
  syntaxError?: string;
  /**
   * For a tool entry that is an object literal spreading a tool and setting keys of its own
   * (`{ ...readNote, description: '...' }`): the tool it copies, and the keys it sets. It has no
   * `tool`: what it serves is not that tool's defineTool call, which validate and export read.
   */
  copyOf?: { tool: ExtractedTool; keys: string[] };
  /**
   * For a tool entry whose value is a call in a file outside the analyzed files (a tool imported from
   * `../shared/time.js` when only `tools` is analyzed): that call's `file:line:col`. It has no `tool`.
   */
  outside?: string;
  /** For a spread entry: the list it spreads (`'core'`, `'extended'`, `'all'`), when known. */
  spreadOf?: TierChoice;
  line: number;
  column: number;
}

/**
 * A registry list: where it is declared (a `CORE_TOOLS`/`EXTENDED_TOOLS`/`ALL_TOOLS`
 * array, or the `core`/`extended` property of a `createRegistry({...})` call) and its entries.
 */
export interface RegistryList {
  /** `'array'` for a `const X_TOOLS = [...]`, `'createRegistry'` for a call's property. */
  source: 'array' | 'createRegistry';
  /** The variable or property name, e.g. `CORE_TOOLS` or `core`. */
  declaredAs: string;
  file: string;
  line: number;
  column: number;
  entries: RegistryEntry[];
  /**
   * Set when the list is not an array literal validate can read (`ALL.filter((t) => ...)`, a
   * call's result): its text, cut short. Its `entries` are then empty, and which tools it holds is
   * known only at run time.
   */
  unread?: string;
  /**
   * Set when the list's code may hand out other objects than the tools as defined: with
   * `unread`, code that does (`list.map((t) => ({ ...t, destructive: false }))`, a function's
   * result, a `const` holding one; not a `.filter` or `.slice` of a list), or an array literal
   * with an entry that does (`relax(deleteNote)`, a call of anything but `defineTool` or a wrapper
   * of it; `...list.map(relax)`). Their approval keys may differ from what each tool's own
   * definition says. The text of that code and of what it reads (see `decidingText`), so two
   * sides compare.
   */
  rebuilds?: string;
  /** Set with `rebuilds`: that code as written, a name shown by the value it stands for, cut short (for a message). */
  rebuiltBy?: string;
}

/**
 * The registry lists found in the analyzed files: the first declaration of each kind, and in
 * `also` any further core or extended list (a second `createRegistry` call, or a tier array
 * beside a `createRegistry` that lists its own arrays), whose tools are in that tier too.
 */
export interface RegistryScan {
  core?: RegistryList;
  extended?: RegistryList;
  all?: RegistryList;
  /** Further core and extended lists, in file order (lists that are the same array as the first are not repeated). */
  also?: { core?: RegistryList[]; extended?: RegistryList[] };
  /**
   * Where the first `createRegistry({ core, extended })` call is, when one lists a tier: its
   * `all` is derived, even when its tiers are `CORE_TOOLS`/`EXTENDED_TOOLS` arrays declared
   * beside it (then `core` and `extended` are those arrays).
   */
  createRegistry?: { file: string; line: number; column: number };
}

/**
 * The result of {@link analyze}: the one ts-morph `Project` (validate reuses it, never
 * creating a second), the analyzed source files, the tools (in file order, then source
 * order), the diagnostics and the registry lists.
 */
export interface Analysis {
  project: Project;
  sourceFiles: SourceFile[];
  tools: ExtractedTool[];
  diagnostics: Diagnostic[];
  registries: RegistryScan;
  /** How many calls of each form were found, tools or not (a call left out with a diagnostic counts too). */
  calls: Partial<Record<ToolForm, number>>;
  /**
   * The toolbox's own adapter functions (see {@link OwnAdapter}): functions that map a list of
   * ToolDefs to an SDK's tools, in file and source order. Their SDK calls are neither tools nor counted in `calls`.
   */
  adapters: OwnAdapter[];
  /**
   * The library versions whose conversion the tools written with other libraries were modeled
   * with, by package (see `SchemaModels`): found in the project's node_modules, or `shipped`
   * when it has none installed. Empty when no such tool was read.
   */
  modeled: ModeledVersions;
  /** Globs among the given paths that matched no source file, as written (the CLI warns about each). */
  unmatchedGlobs: string[];
  /**
   * The files `AnalyzeOptions.ignore` left out of the run (relative to cwd, `/` separators,
   * sorted): found under the paths or through a re-export, never analyzed.
   */
  ignoredFiles: string[];
}

/** Options of {@link analyze}. */
export interface AnalyzeOptions {
  /** Base for relative `paths` and for `file` in results; default `process.cwd()`. */
  cwd?: string;
  /** Extra factory names treated like `defineTool` (`--callee`). `defineTool` is always included. */
  callees?: string[];
  /**
   * Globs of files left out of the run entirely (not analyzed, not reached through a
   * re-export, no tools, no diagnostics), matched against paths relative to `cwd` with
   * .gitignore meaning (see `globList` in src/util/glob.ts): validate's config `ignore`.
   * A file whose constants an analyzed file imports is still read for those values.
   */
  ignore?: readonly string[];
  /** Called after each analyzed file: files done, total files. */
  onProgress?: (done: number, total: number) => void;
  /**
   * A project from an earlier run to reuse (see `AnalysisSession`): files it holds are not
   * parsed again, so a re-run after a change re-parses only the files refreshed since.
   */
  project?: Project;
}
