/** Tool search on a served toolbox: `tools/list` shows the core tier, a search tool finds the rest, a proxy tool calls them. */

import type { Tool } from '@modelcontextprotocol/server';
import { CALL_TOOL_LISTING, CALL_TOOL_NAME, SEARCH_TOOLS_NAME } from '../core/search-tools-listing.js';

export { CALL_TOOL_NAME };
import type { AnyToolDef } from '../core/tool.js';
import type { Registry } from '../registry/registry.js';
import { createSearchTool } from '../runtime/search-tool.js';
import { isRegistry } from '../runtime/tool-source.js';
import type { ServedToolbox } from './mcp-toolbox.js';
import { toMcpTool } from './mcp-toolbox.js';

/** The `tools/list` entry of `call_tool` (see `CALL_TOOL_LISTING`), as the SDK types it. */
const CALL_TOOL_ENTRY = CALL_TOOL_LISTING as Tool;

/**
 * Tool search on one server instance (`createMcpServer(registry, { toolSearch: true })`, `serve --tool-search`):
 * `tools/list` shows the core tier, `search_tools` and `call_tool`, plus, on a connection that keeps state
 * (a 2025-era stdio connection or HTTP session), the extended tools its searches found, announced with
 * `notifications/tools/list_changed`. A 2026-07-28 request carries no session, so nothing is remembered
 * between requests: there the found tools are called through `call_tool`, which works on every revision.
 */
export class InstanceToolSearch {
  readonly #found = new Set<string>();
  constructor(
    private readonly toolbox: ServedToolbox,
    private readonly registry: Registry,
  ) {}

  /** The instance's search for `toolbox`, or undefined when tool search is off. @throws {TypeError} when on without a registry. */
  static of(toolbox: ServedToolbox): InstanceToolSearch | undefined {
    if (!toolbox.options.toolSearch) return undefined;
    if (!isRegistry(toolbox.tools))
      throw new TypeError('createMcpServer: toolSearch needs a registry: its core tier is listed, its extended tier found by search_tools');
    return new InstanceToolSearch(toolbox, toolbox.tools);
  }

  /** The `tools/list` entries: core, search_tools, call_tool, then what this connection found (when it keeps state). */
  listing(keepsState: boolean): Tool[] {
    const found = keepsState ? this.registry.extended.filter((d) => this.#found.has(d.name)) : [];
    return [
      ...this.registry.core.map(toMcpTool),
      toMcpTool(this.searchDef(false, () => undefined)),
      CALL_TOOL_ENTRY,
      ...found.map(toMcpTool),
    ];
  }

  /**
   * The `search_tools` tool for one call: found extended tools are remembered when the connection keeps
   * state, and `announce` is then called (to send `list_changed`); the result's note says how to call them.
   */
  searchDef(keepsState: boolean, announce: () => void): AnyToolDef {
    return createSearchTool(this.registry, {
      withSchemas: (def) => toMcpTool(def).inputSchema,
      onFound: (defs) => {
        const names = defs.map((d) => d.name).join(', ');
        if (!keepsState) return `Call the extended tools found (${names}) through ${CALL_TOOL_NAME} with { name, arguments }.`;
        const before = this.#found.size;
        for (const d of defs) this.#found.add(d.name);
        if (this.#found.size > before) announce();
        return `The extended tools found (${names}) are now in this server's tool list; call them by name, or through ${CALL_TOOL_NAME}.`;
      },
    });
  }

  /**
   * The tool and arguments a `tools/call` of `name` runs: `call_tool` unwrapped to its target (any tool of the
   * registry). `refusal` is set when the target is `call_tool` or `search_tools`, which are listed but cannot be
   * called through `call_tool` (one hop only): what the client reads instead of "Unknown tool".
   */
  resolve(
    name: string,
    args: Record<string, unknown>,
  ): { def?: AnyToolDef; args: Record<string, unknown>; name: string; refusal?: string } {
    if (name !== CALL_TOOL_NAME) return { def: this.toolbox.current().byName.get(name), args, name };
    const target = typeof args.name === 'string' ? args.name : '';
    const inner =
      args.arguments && typeof args.arguments === 'object' && !Array.isArray(args.arguments)
        ? (args.arguments as Record<string, unknown>)
        : {};
    if (target === CALL_TOOL_NAME || target === SEARCH_TOOLS_NAME) return { args: inner, name: target, refusal: proxyRefusal(target) };
    return { def: this.toolbox.current().byName.get(target), args: inner, name: target || '(no name)' };
  }
}

/** Why `call_tool` does not call `target` (itself or `search_tools`), and what to call instead. */
function proxyRefusal(target: string): string {
  return target === CALL_TOOL_NAME
    ? `${CALL_TOOL_NAME} cannot call itself: give it the name of a tool ${SEARCH_TOOLS_NAME} found, as { "name": "<tool>", "arguments": { ... } }.`
    : `${CALL_TOOL_NAME} cannot call ${SEARCH_TOOLS_NAME}: call ${SEARCH_TOOLS_NAME} directly (it is in tools/list), then call the tools it finds through ${CALL_TOOL_NAME}.`;
}
