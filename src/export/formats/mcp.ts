/** The `mcp` export format: the MCP `tools/list` result, as the server adapter lists the tools. */
import { toolsListEntry } from '../../core/tools-list-entry.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { defineFormat } from './define-format.js';
import { type ExportTool, isNamed, jsonOf, jsonText } from './types.js';

/**
 * The `tools/list` entry of a tool written with another library, as the MCP SDK's server
 * lists it: `{ name, title?, description?, inputSchema, outputSchema?, annotations? }` with the
 * annotations as written and the output schema as that library writes it (read statically, see
 * `readLibraryOutput`). Left out by design: the SDK's `execution` (`{ taskSupport: 'forbidden' }`
 * for every tool), `_meta`, and `$schema` inside `inputSchema` and `outputSchema`.
 */
function libraryEntry(t: ExportTool & { inputSchema: Record<string, unknown> }) {
  return {
    name: t.name,
    ...(t.title !== undefined ? { title: t.title } : {}),
    ...(t.description !== '' ? { description: t.description } : {}),
    inputSchema: t.inputSchema,
    ...(t.outputSchema !== undefined ? { outputSchema: t.outputSchema } : {}),
    ...(t.annotations !== undefined ? { annotations: t.annotations } : {}),
  };
}

/** A `defineTool` tool (its zod input, when not flat, gives `inputSchema`): listed by `toolsListEntry` like the server does. */
const ours = (t: ExportTool) => t.callee !== undefined && t.form === undefined;

/**
 * `mcp`: exactly the MCP `tools/list` result, `{ "tools": [ { name, title?, description,
 * inputSchema, annotations } ] }`, built by the same `toolsListEntry` as the MCP server adapter
 * (for a tool written with another library, the entry its MCP server lists; see `libraryEntry`).
 */
export default defineFormat({
  name: 'mcp',
  summary: 'the MCP tools/list result, as serve lists the tools',
  extension: 'json',
  recognise: (text) => {
    const v = jsonOf(text);
    return (
      isPlainObject(v) &&
      Object.keys(v).join() === 'tools' &&
      Array.isArray(v.tools) &&
      v.tools.every((t) => isNamed(t) && isPlainObject(t.inputSchema))
    );
  },
  toolNames: (text) => (jsonOf(text) as { tools: { name: string }[] }).tools.map((t) => t.name),
  schemaAsIs: true,
  render: (tools) => ({
    text: jsonText({
      tools: tools.map((t) =>
        t.inputSchema && !ours(t) ? libraryEntry(t as ExportTool & { inputSchema: Record<string, unknown> }) : toolsListEntry(t),
      ),
    }),
    warnings: [],
  }),
});
