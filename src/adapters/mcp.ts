/** The MCP server adapter: `createMcpServer` over the official SDK v2, served on stdio or Streamable HTTP. */

import type { McpServer, Server, Transport } from '@modelcontextprotocol/server';
import type { AnyToolDef } from '../core/tool.js';
import { isRegistry, type ToolsInput } from '../runtime/tool-source.js';
import { createInstance, type InstanceOptions } from './mcp-instance.js';
import { serveMcpHttp, type McpHttpOptions, type McpHttpServing } from './mcp-http.js';
import { serveMcpStdio, type McpStdioOptions, type McpStdioServing } from './mcp-stdio.js';
import { MCP_SERVER_OPTION_NAMES, ServedToolbox, type McpServerOptions } from './mcp-toolbox.js';
import { assertKnownOptions } from '../core/known-options.js';

export type { LogLevelState } from './mcp-notify.js';
export { PROGRESS_INTERVAL_MS } from './mcp-notify.js';
export { toMcpPrompt, servePrompts } from './mcp-prompts.js';
export { toMcpTool, type McpServerOptions, type ListKind, type McpSkillsOption } from './mcp-toolbox.js';
export { toCallToolResult } from './mcp-result.js';
export type { InstanceOptions } from './mcp-instance.js';
export type { McpHttpOptions, McpHttpServing } from './mcp-http.js';
export type { McpStdioOptions, McpStdioServing } from './mcp-stdio.js';
export { CLIENT_ANSWER_TIMEOUT_MS } from './mcp-ask-legacy.js';

/** What {@link createMcpServer} returns. */
export interface AgentToolsMcpServer {
  /**
   * The low-level SDK v2 `Server` (`@modelcontextprotocol/server`) of the default instance,
   * for anything this wrapper does not cover. Since agent-tools 0.2 this is the v2 class, not
   * v1's (`@modelcontextprotocol/sdk`): see node_modules/agent-tools/docs/mcp.md, "Moving from SDK v1".
   */
  readonly server: Server;
  /**
   * Connects the default instance to an SDK v2 `Transport` (an `InMemoryTransport`, a
   * `StdioServerTransport`, your own). A transport connected this way speaks the 2025-era
   * protocol (the SDK's rule); serve both eras with {@link AgentToolsMcpServer.serveStdio}
   * or {@link AgentToolsMcpServer.httpHandler}.
   */
  connect(transport: Transport): Promise<void>;
  /** Closes the default instance, stops following the tool and prompt sources, and gives up calls waiting for input. */
  close(): Promise<void>;
  /**
   * The tools `tools/list` shows now, in registry order. With `toolSearch`: the core tier only (the list
   * adds `search_tools` and `call_tool`, and on a connection that keeps state the extended tools its searches found).
   */
  visibleTools(): AnyToolDef[];
  /** Shows a disabled tool again. @throws {UnknownToolError} for a name no tool has. */
  enable(name: string): void;
  /** Hides a tool from `tools/list` and refuses calls to it. @throws {UnknownToolError} for a name no tool has. */
  disable(name: string): void;
  /**
   * A fresh SDK v2 `McpServer` serving the same tools, prompts and resources (a factory for
   * the SDK's `serveStdio` and `createMcpHandler`). Instances share the tool cache, the
   * disabled set and the calls waiting for input; each is cheap.
   */
  createServer(options?: InstanceOptions): McpServer;
  /**
   * Serves MCP over stdio (default: this process's stdin and stdout), both eras: a 2026-07-28
   * client (`server/discover`, per-request `_meta`) and a 2025-era one (`initialize`) alike.
   * Every line is screened first (`screenJsonRpc`). Resolves once listening.
   */
  serveStdio(options?: McpStdioOptions): Promise<McpStdioServing>;
  /**
   * A web-standard HTTP handler (`fetch(request) => Response`) for Streamable HTTP, both eras,
   * with list changes delivered to subscribed clients. See {@link McpHttpServing}.
   */
  httpHandler(options?: McpHttpOptions): McpHttpServing;
}

/**
 * An MCP server (official SDK v2, `@modelcontextprotocol/server`) for `tools`: an array, a
 * registry or a `ToolSource`, followed live; plus `prompts` and `resources` when given.
 * One handler serves MCP 2026-07-28 clients and 2025-era ones (2025-11-25, 2025-06-18, and
 * 2024-11-05; not 2025-03-26, which requires JSON-RPC batches: see `LEGACY_REVISIONS`).
 *
 * - `tools/list`: each visible tool as `toMcpTool`, in order (built once per change).
 * - `tools/call`: runs the pipeline (`runTool`) with the request's abort signal; see
 *   `serveTools` for errors, logging, progress and client input, and `toCallToolResult`
 *   for the result.
 * - `notifications/tools/list_changed` (and prompts, resources) only when the list's answer
 *   actually changes (a tool enabled or disabled, a source's change that alters the visible
 *   set): unsolicited to 2025-era connections, on `subscriptions/listen` streams to 2026 ones.
 * - Repeated calls are marked `isDuplicate` in the tool log among the last 1 000 distinct
 *   calls (`RecentCalls`): the server's memory does not grow with calls.
 *
 * @throws {DuplicateToolError} when two visible tools share a name (checked at once, and
 *   again on every change of a source; a tools/list after a duplicate appears fails).
 * @throws {TypeError} for an option name it does not take (`unknown option "teir" (did you mean "tier"?)`);
 *   the same for the options of `createServer`, `serveStdio` and `httpHandler`.
 */
export function createMcpServer<Api = any>(tools: ToolsInput, options: McpServerOptions<Api>): AgentToolsMcpServer {
  assertKnownOptions('createMcpServer', options, MCP_SERVER_OPTION_NAMES);
  const toolbox = new ServedToolbox(tools, options);
  const main = createInstance(toolbox, { follow: true });
  return {
    server: main.server,
    connect: (transport) => main.connect(transport),
    async close() {
      toolbox.close();
      await main.close();
    },
    visibleTools: () => {
      const defs = toolbox.current().defs;
      if (!toolbox.options.toolSearch || !isRegistry(toolbox.tools)) return [...defs];
      const core = new Set(toolbox.tools.core.map((d) => d.name));
      return defs.filter((d) => core.has(d.name));
    },
    enable(name) {
      toolbox.known(name);
      toolbox.disabled.delete(name);
      toolbox.refresh();
    },
    disable(name) {
      toolbox.known(name);
      toolbox.disabled.add(name);
      toolbox.refresh();
    },
    createServer: (instanceOptions) => createInstance(toolbox, instanceOptions),
    serveStdio: (stdioOptions) => serveMcpStdio(toolbox, stdioOptions),
    httpHandler: (httpOptions) => serveMcpHttp(toolbox, httpOptions),
  };
}
