/** The `search_tools` tool of a registry: ranks its tools for a query. */

import { SEARCH_TOOLS_LISTING, SEARCH_TOOLS_NAME } from '../core/search-tools-listing.js';
import { defineTool, type AnyToolDef } from '../core/tool.js';
import type { Registry } from '../registry/registry.js';
import type { Tier } from '../core/tier.js';
import { searchTools } from './search-tools.js';

/** One tool in a `search_tools` result, as the model reads it. */
export interface FoundTool {
  name: string;
  title?: string;
  description: string;
  tier?: Tier;
  /** The tool's input schema, when the adapter asks for it (a client that calls found tools through a proxy needs it). */
  inputSchema?: Record<string, unknown>;
}

/** Options of {@link createSearchTool}. */
export interface SearchToolOptions {
  /**
   * Called with the extended tools a search found, before the result goes back; the adapter makes
   * them callable (and returns what the model should be told about how, for the result's `note`).
   */
  onFound(defs: AnyToolDef[]): string | undefined;
  /** Adds each hit's input schema to the result (for a proxy such as MCP's `call_tool`). */
  withSchemas?: (def: AnyToolDef) => Record<string, unknown>;
}

/**
 * The `search_tools` tool of a registry (its listing is `SEARCH_TOOLS_LISTING`): `execute` ranks
 * every tool of the registry for `query` (`searchTools`, at most `limit`), hands the extended ones
 * found to `onFound`, and returns `{ tools: FoundTool[], note? }` best first. It is a plain tool: the
 * adapters run it through the pipeline like any other, so it is logged and counts against the step budget.
 */
export function createSearchTool(registry: Registry, options: SearchToolOptions): AnyToolDef {
  return defineTool({
    ...SEARCH_TOOLS_LISTING,
    name: SEARCH_TOOLS_NAME,
    execute: (_api: unknown, { query, limit }) => {
      const found = searchTools(registry, query, { limit });
      const extended = found.results.filter((h) => h.tier === 'extended').map((h) => h.tool);
      const how = extended.length > 0 ? options.onFound(extended) : undefined;
      const tools: FoundTool[] = found.results.map((h) => ({
        name: h.name,
        ...(h.tool.title ? { title: h.tool.title } : {}),
        description: h.tool.description,
        ...(h.tier ? { tier: h.tier } : {}),
        ...(options.withSchemas ? { inputSchema: options.withSchemas(h.tool) } : {}),
      }));
      const note = [found.note, how].filter(Boolean).join(' ');
      return note ? { tools, note } : { tools };
    },
  }) as AnyToolDef;
}
