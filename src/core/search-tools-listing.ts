/** The one listing of the `search_tools` tool, shared by the AI SDK tool set, the MCP server and the export. */

import type { ToolListing } from './tools-list-entry.js';

/** The name of the tool that searches a toolbox's other tools (the AI SDK adapter, `serve --tool-search`, `export --tool-search`). */
export const SEARCH_TOOLS_NAME = 'search_tools';

/** The most hits one `search_tools` call may ask for (its `limit` param's maximum). */
export const SEARCH_TOOLS_MAX_LIMIT = 20;

/**
 * The one definition of the `search_tools` tool as every consumer lists it: the AI SDK tool set
 * (`toolsToAI(registry, { toolSearch: true })`), the MCP server (`serve --tool-search`) and the
 * provider exports (`export --tool-search`) all list these fields, so the model sees the same tool
 * everywhere. `query` is free text; `limit` defaults to 5, at most {@link SEARCH_TOOLS_MAX_LIMIT}.
 */
export const SEARCH_TOOLS_LISTING = {
  name: SEARCH_TOOLS_NAME,
  title: 'Search tools',
  description:
    'Find more tools for the task: only some tools are loaded at first. Describe what you want to do in plain words ' +
    "(for example 'round the corners of a box' or 'export the page as an image'). Returns the best matching tools, best first, " +
    'with their names and descriptions; a tool found here can be called from your next step on.',
  mutates: false,
  params: {
    query: { type: 'string', required: true, description: 'What you want to do, in plain words' },
    limit: { type: 'number', integer: true, min: 1, max: SEARCH_TOOLS_MAX_LIMIT, default: 5, description: 'The most tools to return' },
  },
} as const satisfies ToolListing;

/** The name of the proxy tool through which a client calls the tools a search found, on any revision. */
export const CALL_TOOL_NAME = 'call_tool';

/**
 * The `tools/list` entry of `call_tool`: `name` and `arguments`, the tool's own arguments as an object. Its input is
 * no flat params (`arguments` is any object), so it is the MCP entry itself, shared by the MCP server
 * (`serve --tool-search`) and the mcp export (`export --tool-search`).
 */
export const CALL_TOOL_LISTING = {
  name: CALL_TOOL_NAME,
  title: 'Call a found tool',
  description:
    `Call a tool that ${SEARCH_TOOLS_NAME} found, by its name, with its arguments as an object (its input schema is in the search result). ` +
    'The call runs exactly as a direct call of that tool would.',
  inputSchema: {
    type: 'object',
    properties: {
      name: { type: 'string', description: `The tool's name, as ${SEARCH_TOOLS_NAME} returned it` },
      arguments: { type: 'object', description: "The tool's arguments", additionalProperties: true },
    },
    required: ['name'],
    additionalProperties: false,
  },
  annotations: { title: 'Call a found tool', readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
};
