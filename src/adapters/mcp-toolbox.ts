/** What every server instance of one `createMcpServer` shares: the tools followed live, their `tools/list` entries, prompts and skills. */

import type { TierChoice } from '../core/tier.js';
import type { Tool } from '@modelcontextprotocol/server';
import type { SkillsExtension } from '@modelcontextprotocol/server/ext/skills';
import { UnknownToolError } from '../core/errors.js';
import { currentPrompts, type PromptsInput, type PromptSource } from '../core/prompt.js';
import type { ResourceDef } from '../core/resource.js';
import { closeMatches } from '../core/suggest.js';
import type { AnyToolDef } from '../core/tool.js';
import { toolsListEntry } from '../core/tools-list-entry.js';
import { RecentCalls } from '../runtime/recent-calls.js';
import { withToolsApproval } from '../runtime/approval.js';
import type { PipelineOptions } from '../runtime/run-tool.js';
import { assertUniqueNames, currentTools, isToolSource, type ToolsInput } from '../runtime/tool-source.js';
import { SuspendedCalls } from './mcp-ask-modern.js';
import { toMcpPrompt } from './mcp-prompts.js';
import type { LogLevelState } from './mcp-notify.js';
import { listChangedNotifier } from './list-changed.js';
import { PIPELINE_OPTION_NAMES } from '../runtime/pipeline-options.js';

/**
 * Which list changed: MCP's `notifications/{tools,prompts,resources}/list_changed`. `skills`:
 * the skills extension's listing (a `resources/list_changed` the SDK's catalog already sends
 * to connected instances; the HTTP handler publishes it to 2026 listen streams).
 */
export type ListKind = 'tools' | 'prompts' | 'resources' | 'skills';

/**
 * Skills served through the MCP skills extension (SEP-2640): the SDK's `SkillsExtension`
 * (a `SkillCatalog`), attached to every server instance, and when its listing changes
 * (after the catalog's `reload()` said `listChanged`).
 */
export interface McpSkillsOption {
  extension: SkillsExtension;
  onChange?(listener: () => void): () => void;
}

/**
 * Options of `createMcpServer`: the server's `name` and `version` (sent in the MCP
 * `initialize` result and, on 2026-07-28, in every result's `_meta`), optional `instructions`,
 * `tier` (for a registry: `'core'`, the default, as core is what the model sees unless asked
 * otherwise; `'extended'` or `'all'`), and the pipeline options (`getApi`, hooks,
 * `getStepBudget`, `snapshot`, `maxResultBytes`, see `PipelineOptions`).
 * - `logLevel`: where the level a 2025-era `logging/setLevel` sets is kept (default: each
 *   server instance's own, so each stdio connection and HTTP session has its own); pass one
 *   shared object to make one level hold for every instance.
 * - `prompts`: prompts to serve (an array or a live `PromptSource`, see `servePrompts`);
 *   the `prompts` capability is declared only when given.
 * - `resources`: resources and resource templates (`defineResource`); the `resources`
 *   capability is declared only when given.
 * - `skills`: skills to serve through the MCP skills extension (SEP-2640); see `McpSkillsOption`.
 * - `requestStateKey`: the HMAC key (at least 32 bytes) that signs the `requestState` of
 *   calls waiting for a 2026-07-28 client's input; default: random per process.
 * - `approval`, `approve`: the approval policy and an in-process approver (`PipelineOptions`).
 *   Without `approve`, a call that needs approval asks the client's user (elicitation).
 */
export interface McpServerOptions<Api = any> extends PipelineOptions<Api> {
  name: string;
  version: string;
  instructions?: string;
  tier?: TierChoice;
  logLevel?: LogLevelState;
  prompts?: PromptsInput;
  resources?: readonly ResourceDef[];
  skills?: McpSkillsOption;
  requestStateKey?: Uint8Array;
  /**
   * For a registry: list the core tier, `search_tools` and `call_tool`; the extended tools a search finds are
   * called through `call_tool` on every revision, and join the list (with `list_changed`) on 2025-era
   * connections that keep state (see `InstanceToolSearch`). Every registry tool can be called; `tier` is ignored.
   */
  toolSearch?: boolean;
  /**
   * The `agent-tools` command that started this server, with its module (`serve tools.ts`): the approval
   * hint then names it (`npx agent-tools serve tools.ts --approve delete_note`). `agent-tools serve` sets it.
   */
  serveCommand?: string;
}

/** Every option name of `createMcpServer`: another one is a TypeError (`assertKnownOptions`). */
export const MCP_SERVER_OPTION_NAMES = {
  ...PIPELINE_OPTION_NAMES,
  name: true,
  version: true,
  instructions: true,
  tier: true,
  logLevel: true,
  prompts: true,
  resources: true,
  skills: true,
  requestStateKey: true,
  toolSearch: true,
  serveCommand: true,
} as const satisfies Record<keyof McpServerOptions, true>;

/**
 * The MCP `tools/list` entry of one tool: `inputSchema` is exactly `toInputSchema(params)`.
 * Built by `toolsListEntry`, which `agent-tools export --format mcp` also uses, so both give the same bytes.
 */
export function toMcpTool(def: AnyToolDef): Tool {
  return toolsListEntry(def) as unknown as Tool;
}

/**
 * What every server instance of one `createMcpServer` shares: the tools (followed live, with
 * their `tools/list` entries built once per change), the disabled set, the prompts, the
 * resources, the recent calls (for `isDuplicate`), the calls waiting for a 2026 client's
 * input, and one change signal per list, raised only when that list's answer changed.
 * Instances (a stdio connection, an HTTP session, one HTTP request) are cheap on top of it.
 */
export class ServedToolbox {
  readonly disabled = new Set<string>();
  readonly seenCalls = new RecentCalls();
  readonly suspended: SuspendedCalls;
  readonly #listeners = new Set<(kind: ListKind) => void>();
  readonly #unfollow: (() => void)[] = [];
  #cache: { defs: AnyToolDef[]; byName: Map<string, AnyToolDef>; listing?: Tool[] } | undefined;
  #notifyTools: () => void;
  /** The options as given, with the registry's approval policy after the server's own (see `withToolsApproval`). */
  readonly options: McpServerOptions;

  constructor(
    readonly tools: ToolsInput,
    options: McpServerOptions,
  ) {
    this.options = withToolsApproval(tools, options);
    this.suspended = new SuspendedCalls(options.requestStateKey);
    // Built now: two tools of one name refuse the server here, not at the first tools/list.
    this.listing();
    this.#notifyTools = listChangedNotifier(
      () => this.listing(),
      async () => this.emit('tools'),
      () => true,
    );
    if (isToolSource(tools)) this.#unfollow.push(tools.onChange(() => this.refresh()));
    if (options.skills?.onChange) this.#unfollow.push(options.skills.onChange(() => this.emit('skills')));
    const prompts = options.prompts;
    if (prompts && !Array.isArray(prompts))
      this.#unfollow.push(
        (prompts as PromptSource).onChange(
          listChangedNotifier(
            () => currentPrompts(prompts).map(toMcpPrompt),
            async () => this.emit('prompts'),
            () => true,
          ),
        ),
      );
  }

  /** Every tool of the input now (the tier applied), disabled ones included. */
  all(): readonly AnyToolDef[] {
    return currentTools(this.tools, this.options.toolSearch ? 'all' : (this.options.tier ?? 'core'));
  }

  /**
   * The visible tools and a lookup by name, built on first need and dropped on every change.
   * @throws {DuplicateToolError} when two visible tools share a name.
   */
  current(): { defs: AnyToolDef[]; byName: Map<string, AnyToolDef> } {
    if (this.#cache) return this.#cache;
    const defs = this.all().filter((d) => !this.disabled.has(d.name));
    assertUniqueNames(defs);
    return (this.#cache = { defs, byName: new Map(defs.map((d) => [d.name, d])) });
  }

  /** The `tools/list` entries of the visible tools, in order (built once per change). */
  listing(): Tool[] {
    const c = this.current() as { defs: AnyToolDef[]; listing?: Tool[] };
    return (c.listing ??= c.defs.map(toMcpTool));
  }

  /** Drops the cached tools and signals `tools` when the `tools/list` answer changed. */
  refresh(): void {
    this.#cache = undefined;
    this.#notifyTools();
  }

  /** @throws {UnknownToolError} (with close matches) for a name no tool has. */
  known(name: string): void {
    const names = this.all().map((d) => d.name);
    if (!names.includes(name)) throw new UnknownToolError(name, closeMatches(name, names));
  }

  /** Calls `listener` with the kind of each list whose answer changed; returns the unsubscribe function. */
  onListChanged(listener: (kind: ListKind) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Signals that the `kind` list changed (a listener that throws is ignored). */
  emit(kind: ListKind): void {
    for (const l of [...this.#listeners]) {
      try {
        l(kind);
      } catch {
        // one listener's failure must not keep the others from hearing of the change
      }
    }
  }

  /** Stops following the sources and gives up the calls waiting for input. */
  close(): void {
    for (const off of this.#unfollow.splice(0)) off();
    this.suspended.close();
    this.#listeners.clear();
  }
}
