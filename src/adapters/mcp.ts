import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  SetLevelRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { UnknownToolError } from '../core/errors.js';
import { closeMatches } from '../core/suggest.js';
import type { AnyToolDef } from '../core/tool.js';
import { toolsListEntry } from '../core/tools-list-entry.js';
import { RecentCalls } from '../runtime/recent-calls.js';
import { runTool, type PipelineOptions, type ToolResult } from '../runtime/run-tool.js';
import { assertUniqueNames, currentTools, isToolSource, type ToolsInput } from '../runtime/tool-source.js';
import type { PromptsInput } from '../core/prompt.js';
import { callNotifier, type LogLevelState } from './mcp-notify.js';
import { servePrompts } from './mcp-prompts.js';
import { listChangedNotifier } from './list-changed.js';

export type { LogLevelState } from './mcp-notify.js';
export { PROGRESS_INTERVAL_MS } from './mcp-notify.js';
export { toMcpPrompt, servePrompts } from './mcp-prompts.js';

/**
 * Options of {@link createMcpServer}: the server's `name` and `version` (sent in the
 * MCP `initialize` result), optional `instructions`, `tier` (for a registry: `'core'`, the
 * default, as core is what the model sees unless asked otherwise; `'extended'` or `'all'`), and the pipeline options (`getApi`, hooks,
 * `getStepBudget`, `snapshot`, `maxResultBytes`, see `PipelineOptions`).
 * `logLevel`: where the level set by `logging/setLevel` is kept (default: this server's
 * own); pass one shared object to servers built per request (stateless HTTP).
 * `prompts`: prompts to serve (an array or a live `PromptSource`, see `servePrompts`);
 * the `prompts` capability is declared only when given.
 */
export interface McpServerOptions<Api = any> extends PipelineOptions<Api> {
  name: string;
  version: string;
  instructions?: string;
  tier?: 'core' | 'extended' | 'all';
  logLevel?: LogLevelState;
  prompts?: PromptsInput;
}

/** What {@link createMcpServer} returns. */
export interface AgentToolsMcpServer {
  /** The SDK server (low-level `Server`), for anything this wrapper does not cover. */
  readonly server: Server;
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
  /** The tools `tools/list` shows now, in registry order. */
  visibleTools(): AnyToolDef[];
  /** Shows a disabled tool again. @throws {UnknownToolError} for a name no tool has. */
  enable(name: string): void;
  /** Hides a tool from `tools/list` and refuses calls to it. @throws {UnknownToolError} for a name no tool has. */
  disable(name: string): void;
}

/**
 * The MCP `tools/list` entry of one tool: `inputSchema` is exactly `toInputSchema(params)`.
 * Built by `toolsListEntry`, which `agent-tools export --format mcp` also uses, so both give the same bytes.
 */
export function toMcpTool(def: AnyToolDef): Tool {
  return toolsListEntry(def) as unknown as Tool;
}

/**
 * The MCP `tools/call` result for a pipeline result: `isError` with the message; the
 * content blocks of a `contentResult` (text, image, audio, resource) as they are; else the
 * JSON text plus `structuredContent` for an object.
 */
export function toCallToolResult(result: ToolResult): CallToolResult {
  if (result.isError) return { content: [{ type: 'text', text: result.error }], isError: true };
  if (result.content) return { content: result.content };
  const { value } = result;
  const structured =
    typeof value === 'object' && value !== null && !Array.isArray(value) ? { structuredContent: value as Record<string, unknown> } : {};
  return { content: [{ type: 'text', text: result.json }], ...structured };
}

/**
 * An MCP server (@modelcontextprotocol/sdk v1, low-level `Server`) for `tools`: an array,
 * a registry or a `ToolSource`, followed live.
 *
 * - `tools/list`: each visible tool as {@link toMcpTool}, in order.
 * - `tools/call`: runs the pipeline (`runTool`) with the request's abort signal; a missing
 *   `arguments` key counts as `{}`; an unknown name is an error result listing close
 *   matches; a disabled tool is an error result saying so. See {@link toCallToolResult}.
 *   The tool's `ctx.log` lines are sent as `notifications/message` (logger: the tool name;
 *   the `logging` capability is declared and `logging/setLevel` filters them), and its
 *   `ctx.reportProgress` as `notifications/progress` when the request has a
 *   `progressToken` (throttled, see `callNotifier`); all are sent before the result.
 * - `notifications/tools/list_changed` is sent only when the `tools/list` answer actually
 *   changes (a tool enabled or disabled, a source's change that alters the visible set).
 * - The visible tools and their `tools/list` entries are built once and again only after a
 *   change (`enable`, `disable`, a source's `onChange`), so a source must call its listeners
 *   when `tools()` changes. Repeated calls are marked `isDuplicate` in the tool log among the
 *   last 1 000 distinct calls (`RecentCalls`): the server's memory does not grow with calls.
 *
 * @throws {DuplicateToolError} when two visible tools share a name (checked at once, and
 *   again on every change of a source; a tools/list after a duplicate appears fails).
 */
export function createMcpServer<Api = any>(tools: ToolsInput, options: McpServerOptions<Api>): AgentToolsMcpServer {
  const disabled = new Set<string>();
  const all = () => currentTools(tools, options.tier ?? 'core');
  // The visible tools, their tools/list entries and a lookup by name, built on first need and
  // dropped on every change (enable, disable, a source's onChange): not rebuilt per call.
  let cache: { defs: AnyToolDef[]; byName: Map<string, AnyToolDef>; listing?: Tool[] } | undefined;
  const current = () => {
    if (cache) return cache;
    const defs = all().filter((d) => !disabled.has(d.name));
    assertUniqueNames(defs);
    return (cache = { defs, byName: new Map(defs.map((d) => [d.name, d])) });
  };
  const visible = () => [...current().defs];
  const listing = () => {
    const c = current();
    return (c.listing ??= c.defs.map(toMcpTool));
  };
  // Built now: two tools of one name refuse the server here (C-04), not at the first tools/list.
  listing();
  const seenCalls = new RecentCalls();

  const levels: LogLevelState = options.logLevel ?? { level: undefined };
  const server = new Server(
    { name: options.name, version: options.version },
    {
      capabilities: { tools: { listChanged: true }, logging: {}, ...(options.prompts ? { prompts: { listChanged: true } } : {}) },
      ...(options.instructions ? { instructions: options.instructions } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: listing() }));
  server.setRequestHandler(SetLevelRequestSchema, (request) => {
    levels.level = request.params.level;
    return {};
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name } = request.params;
    const { defs, byName } = current();
    const def = byName.get(name);
    if (!def) {
      const message = all().some((d) => d.name === name)
        ? `Tool "${name}" is disabled on this server. Consider one of: ${defs.map((d) => d.name).join(', ') || '(no tools are enabled)'}.`
        : new UnknownToolError(
            name,
            closeMatches(
              name,
              defs.map((d) => d.name),
            ),
          ).message;
      return { content: [{ type: 'text', text: message }], isError: true };
    }
    const notifier = callNotifier(extra.sendNotification, def.name, request.params._meta?.progressToken, levels);
    const result = await runTool(def, request.params.arguments ?? {}, options, { abortSignal: extra.signal, seenCalls, ...notifier.sinks });
    const sent = notifier.drain();
    if (sent) await sent;
    return toCallToolResult(result);
  });

  const notify = listChangedNotifier(
    listing,
    () => server.sendToolListChanged(),
    () => server.transport !== undefined,
  );
  const refresh = () => {
    cache = undefined;
    notify();
  };
  const unsubscribe = isToolSource(tools) ? tools.onChange(refresh) : undefined;
  const unfollowPrompts = options.prompts ? servePrompts(server, options.prompts) : undefined;

  const known = (name: string) => {
    const names = all().map((d) => d.name);
    if (!names.includes(name)) throw new UnknownToolError(name, closeMatches(name, names));
  };
  return {
    server,
    connect: (transport) => server.connect(transport),
    async close() {
      unsubscribe?.();
      unfollowPrompts?.();
      await server.close();
    },
    visibleTools: visible,
    enable(name) {
      known(name);
      disabled.delete(name);
      refresh();
    },
    disable(name) {
      known(name);
      disabled.add(name);
      refresh();
    },
  };
}
