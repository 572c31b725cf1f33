/** The `anthropic` export format: the Messages API `tools` array. */
import { isPlainObject } from '../../util/is-plain-object.js';
import { defineFormat } from './define-format.js';
import { DEFER_OPTION, defersAny, inputSchemaOf, isDeferred, isNamed, jsonOf, jsonText, type FormatWarning } from './types.js';

/**
 * Anthropic's server-side tool search tool, BM25 variant (natural-language queries), as the Messages API takes it
 * (`ToolSearchToolBm25_20251119` in @anthropic-ai/sdk 1.15.0; the tool search tool guide: at least one tool must not be deferred).
 */
const TOOL_SEARCH = { type: 'tool_search_tool_bm25_20251119', name: 'tool_search_tool_bm25' } as const;

/**
 * `anthropic`: the Messages API `tools` array, `[{ name, description, input_schema }]`. With `defer: 'extended'`,
 * each extended tool also gets `defer_loading: true` (the `Tool` field of the Messages API) and the BM25 tool
 * search tool comes first, so Claude is sent the other tools and searches for the deferred ones (no search tool when
 * no exported tool is extended, see `defersAny`).
 */
export default defineFormat({
  name: 'anthropic',
  summary: 'Anthropic Messages API tools: [{ name, description, input_schema }]',
  extension: 'json',
  options: { defer: DEFER_OPTION },
  recognise: (text) => {
    const v = jsonOf(text);
    // With --defer the tool search tool comes first: it has a name and a type, no input schema.
    return Array.isArray(v) && v.every((t) => isNamed(t) && (isPlainObject(t.input_schema) || t.type === TOOL_SEARCH.type));
  },
  toolNames: (text) =>
    (jsonOf(text) as Record<string, unknown>[]).flatMap((t) => (isNamed(t) && isPlainObject(t.input_schema) ? [t.name] : [])),
  schemaAsIs: true,
  render: (tools, options) => {
    const entries = tools.map((t) => ({
      name: t.name,
      description: t.description,
      input_schema: inputSchemaOf(t),
      ...(isDeferred(t, options.defer) ? { defer_loading: true } : {}),
    }));
    const warnings: FormatWarning[] = [];
    if (!defersAny(tools, options.defer, warnings)) return { text: jsonText(entries), warnings };
    return { text: jsonText([TOOL_SEARCH, ...entries]), warnings, added: [TOOL_SEARCH.name] };
  },
});
