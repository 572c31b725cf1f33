/** The `json` export format: one JSON Schema document of every tool's input schema. */
import { isPlainObject } from '../../util/is-plain-object.js';
import { defineFormat } from './define-format.js';
import { outputSchemaOfTool } from '../../core/output-schema.js';
import { inputSchemaOf, jsonOf, jsonText } from './types.js';

/** The JSON Schema dialect of the `json` format's document. */
export const JSON_SCHEMA_DIALECT = 'https://json-schema.org/draft/2020-12/schema';

/**
 * `json`: one JSON Schema (draft 2020-12) document whose `properties` are keyed by tool
 * name; each value is that tool's input schema (from `toInputSchema`) with the tool's
 * `title` (when set) and `description` added first. Only the document root carries
 * `$schema`; the per-tool schemas never do, so each can be sent to a client as is. The output
 * schema of each tool that declares one (`toOutputSchema`, as MCP `tools/list` lists it) is in the
 * root's `$defs`, keyed by tool name (`#/$defs/get_node`): a standard keyword that strict
 * validators accept and that validating arguments against the document never reads.
 * When tools written with other libraries were read, `x-modeled-versions` records the library
 * versions their schemas were modeled with (`{ "zod": "4.3.6", "ai": "5.0.87" }`; several
 * versions of one package, from different folders, are joined with `, `).
 */
export default defineFormat({
  name: 'json',
  summary: "one JSON Schema (draft 2020-12) document, each tool's input schema by name",
  extension: 'json',
  recognise: (text) => {
    const v = jsonOf(text);
    return isPlainObject(v) && v.$schema === JSON_SCHEMA_DIALECT && v.title === 'Tool input schemas' && isPlainObject(v.properties);
  },
  toolNames: (text) => Object.keys((jsonOf(text) as { properties: object }).properties),
  schemaAsIs: true,
  render(tools, _options, context) {
    const modeled = Object.entries(context.modeled ?? {}).map(([pkg, list]) => [pkg, list.map((v) => v.version).join(', ')]);
    const properties: Record<string, unknown> = {};
    const outputs: Record<string, unknown> = {};
    for (const t of tools) {
      properties[t.name] = { ...(t.title !== undefined ? { title: t.title } : {}), description: t.description, ...inputSchemaOf(t) };
      const output = outputSchemaOfTool(t);
      if (output) outputs[t.name] = output;
    }
    return {
      text: jsonText({
        $schema: JSON_SCHEMA_DIALECT,
        title: 'Tool input schemas',
        description: 'The input schema of each tool, keyed by tool name.',
        type: 'object',
        properties,
        additionalProperties: false,
        ...(Object.keys(outputs).length > 0 ? { $defs: outputs } : {}),
        ...(modeled.length > 0 ? { 'x-modeled-versions': Object.fromEntries(modeled) } : {}),
      }),
      warnings: [],
    };
  },
});
