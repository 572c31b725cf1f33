// The shapes the console's HTTP API sends and receives, shared by the server and the page.

/** One installed skill as the Skills section shows it. */
export interface SkillView {
  name: string;
  kind: 'prompt' | 'tool' | 'mcp';
  enabled: boolean;
  description: string;
  /** Trigger words of a prompt skill; empty for the other kinds. */
  triggers: string[];
  /** The tool names it contributes (an MCP skill without an allowlist: empty, known once started). */
  tools: string[];
  /** Where it was installed from, or null. */
  source: string | null;
  /** One line about what runs: `script (node)`, `http GET https://…`, `mcp: <command or URL>`; null for prompt skills. */
  runs: string | null;
  /** The executor's sandbox rules (script and HTTP tool skills), see `sandboxRules`. */
  sandbox: string[];
  installedAt: string;
  updatedAt: string;
}

/**
 * GET /api/console: what this launch reads, the same for every section, shown once in the page
 * header: the skill store (a file as given, or a URL with its password masked) and the `--tools`
 * module, or null.
 */
export interface ConsoleInfo {
  store: string;
  toolbox: string | null;
}

/** GET /api/skills. */
export interface SkillsResponse {
  store: string;
  /** Changes whenever the store changes, in any process. */
  version: string;
  skills: SkillView[];
  /** Stored rows that cannot be used. */
  problems: { name: string; message: string }[];
}

/** POST /api/skills/install: paths on this machine, or files dropped on the page (name and text). */
export interface InstallRequest {
  paths?: string[];
  files?: { name: string; text: string }[];
  /** Replace skills of the same name (the CLI's --force). */
  replace?: boolean;
}

/** A refused call: `error` is the sentence to show; `problems` one line each (`<where>: <JSON path>: <message>`). */
export interface ErrorResponse {
  error: string;
  problems?: string[];
  /** For a tool call with bad arguments: each problem by param (`path` is the param name, `[i]` for an item). */
  issues?: { path: string; message: string }[];
}

/** A tool the Try it section can run. */
export interface ToolView {
  /** `toolbox:<tool>` or `skill:<skill>:<tool>`. */
  id: string;
  name: string;
  description: string;
  /** `toolbox (<tier>)` or `skill <name>`. */
  from: string;
  /** The tool's input schema (from `toInputSchema`, as tools/list sends it). */
  inputSchema: { type: 'object'; properties: Record<string, JsonSchemaProp>; required?: string[] };
  /** Sandbox rules to read before running (script and HTTP skills); empty otherwise. */
  sandbox: string[];
  /** False when its skill is switched off (running it is refused). */
  enabled: boolean;
}

/** One property of an input schema, as far as the form needs it. */
export interface JsonSchemaProp {
  type?: 'string' | 'number' | 'boolean' | 'array';
  description?: string;
  enum?: (string | number)[];
  items?: { type?: 'string'; enum?: string[] };
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  /** A string's length bounds, in Unicode code points. */
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  default?: unknown;
}

/** GET /api/tools. */
export interface ToolsResponse {
  tools: ToolView[];
  /** The pattern of a `color` param: a string property with this pattern gets a color input. */
  colorPattern: string;
  /** Skills whose tools could not be listed (an MCP server that does not start), with why. */
  problems: { name: string; message: string }[];
}

/**
 * POST /api/tools/run. `approval` is the answer of the Approve / Deny dialog, sent again with the
 * same arguments after the server said {@link ApprovalNeeded}.
 */
export interface RunRequest {
  id: string;
  args: Record<string, unknown>;
  approval?: 'approved' | 'denied';
}

/**
 * The answer of POST /api/tools/run for a call that needs approval and came without an answer:
 * nothing ran. The page shows `tool`, `why` and the parsed `args` in the Approve / Deny dialog.
 */
export interface ApprovalNeeded {
  approvalRequired: true;
  tool: string;
  description: string;
  why: string;
  args: Record<string, unknown>;
}

/** The answer of POST /api/tools/run when the call was made (a failed tool call is `isError`). */
export interface RunResponse {
  isError: boolean;
  /** The result value (JSON-safe), when not an error. */
  value?: unknown;
  /** The error message for the model, when an error. */
  error?: string;
  issues?: { path: string; message: string }[];
  /** Time in the pipeline, ms. */
  durationMs: number;
  /** UTF-8 bytes of the result's JSON text (or of the error message). */
  bytes: number;
  truncated?: { originalBytes: number; keptBytes: number };
  /** Images found in the result (MCP image content, data: URLs), to show. */
  images: { mimeType: string; data: string }[];
  /** The ToolLog's approval record of the call: `approved`, `denied` or `not-needed`, and who or what decided. */
  approval?: { outcome: 'approved' | 'denied' | 'not-needed'; by: string };
}

/** POST /api/route. */
export interface RouteRequest {
  message: string;
  base?: string;
}

/** The answer of POST /api/route. */
export interface RouteResponse {
  skills: { name: string; triggers: string[]; matched: string[] }[];
  /** How many prompt skills are enabled in the store (0: no message can activate any). */
  enabledPromptSkills: number;
  systemPrompt: string;
}

/**
 * Which tools a catalog row holds: a registry tier (`core` or `extended`) or `all`. The same type as
 * `TierChoice` of src/core/tier.ts, spelled here because the page compiles on its own (its tsconfig's
 * rootDir is this folder, so it cannot import from src/core, not even a type); test/console/page-tier.test-d.ts
 * keeps the two equal.
 */
export type TierChoice = 'core' | 'extended' | 'all';

/**
 * GET /api/catalog: the toolbox given with `--tools` by tier, each tier's token cost, and the
 * findings of `validate` on its folder; `{ toolbox: null }` when the console has no toolbox.
 */
export type CatalogResponse =
  | { toolbox: null }
  | {
      toolbox: { module: string; folder: string };
      /** `core` and `extended` for a registry; one `all` tier for a plain list of tools. */
      tiers: { tier: TierChoice; tools: { name: string; description: string }[]; tokens: number }[];
      summary: { files: number; tools: number; errors: number; warnings: number };
      findings: { file: string; line: number; column: number; checkId: string; severity: 'error' | 'warn'; message: string }[];
      /** The validate profile that ran (`full`, or `tools` for a folder of plain tools). */
      profile: 'full' | 'tools';
      /** Time the validate run took, ms. */
      durationMs: number;
    };
