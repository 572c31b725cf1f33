/** The `openai` export format: Chat Completions function tools, optionally in strict mode. */
import { toInputSchema } from '../../core/input-schema.js';
import { strictSchemaOf, toStrictInputSchema } from '../../core/strict-schema.js';
import { isPlainObject } from '../../util/is-plain-object.js';
import { MAX_AI_TOOLS } from '../../core/size-limits.js';
import { defineFormat } from './define-format.js';
import { DEFER_OPTION, defersAny, type ExportTool, inputSchemaOf, isDeferred, isNamed, jsonOf, jsonText } from './types.js';

/**
 * `openai`: Chat Completions function tools, `[{ type: 'function', function: { name,
 * description, parameters } }]` (for the Responses API, lift the `function` fields one level
 * up). `parameters` is the `toInputSchema` output, with `strict: false` said explicitly (the
 * Responses API would otherwise assume strict mode).
 *
 * With `strict: true`, OpenAI's strict mode (Structured Outputs rules): `strict: true`,
 * `additionalProperties: false`, every property listed in `required`, each optional one made
 * nullable (`type: [t, 'null']`, and `null` added to its `enum`) so the model sends `null`
 * for "omitted", and any `default` moved into the description (strict mode does not accept
 * `default`). The adapters treat `null` as omitted, so defaults still apply. The strict form is
 * `toStrictInputSchema`, the same function the AI adapter sends with `strict: true`, applied at every level of a
 * `defineTool`'s nested zod input; a tool whose input strict mode cannot take (a `z.record`) is left out with a
 * `not-portable` diagnostic naming the path, as `toolsToAI(..., { strict: true })` throws for it.
 *
 * With `defer: 'extended'`, the Responses API form, where OpenAI's tool search lives (`defer_loading` on
 * `FunctionTool` and the hosted `ToolSearchTool` `{ type: 'tool_search' }`, as the openai package 7.59.0 types them):
 * `[{ type: 'tool_search' }, { type: 'function', name, description, parameters, strict, defer_loading? }]`,
 * each extended tool with `defer_loading: true`.
 */
export default defineFormat({
  name: 'openai',
  summary: 'OpenAI function tools (Chat Completions); --strict for strict mode',
  extension: 'json',
  recognise: (text) => {
    const v = jsonOf(text);
    // Chat Completions nests each function; with --defer the Responses API form is flat, after its tool_search tool.
    const entry = (t: unknown) =>
      isPlainObject(t) && (t.type === 'tool_search' || (t.type === 'function' && (isNamed(t.function) || isNamed(t))));
    return Array.isArray(v) && v.every(entry);
  },
  toolNames: (text) =>
    (jsonOf(text) as Record<string, unknown>[]).flatMap((t) =>
      t.type !== 'function' ? [] : isNamed(t.function) ? [t.function.name] : isNamed(t) ? [t.name] : [],
    ),
  options: { strict: { description: 'strict mode (every property required, optional ones nullable)' }, defer: DEFER_OPTION },
  schemaAsIs: (options) => options.strict !== true,
  schemaProblems: (schema) => strictSchemaOf(schema).problems,
  render: (tools, options) => {
    // strict: a defineTool's nested zod input from its own JSON Schema (what toolsToAI sends), a library tool from its params view
    const sourceOf = (t: ExportTool) => (t.inputSchema && !t.form ? t.inputSchema : toInputSchema(t.params));
    const strictOf = (t: ExportTool) => toStrictInputSchema(sourceOf(t), t.name);
    const functions = tools.map((t) =>
      options.strict
        ? { name: t.name, description: t.description, parameters: strictOf(t), strict: true }
        : { name: t.name, description: t.description, parameters: inputSchemaOf(t), strict: false },
    );
    // what strict mode does not take (a string's minLength/maxLength, a zod input's other keywords) is left out with a
    // word; what flat params do not carry of a library tool's schema is droppedKeywords' word
    const warnings = options.strict
      ? tools.flatMap((t) =>
          strictSchemaOf(sourceOf(t)).dropped.map((field) => ({
            tool: t.name,
            field,
            message: `${field.slice(field.lastIndexOf('.') + 1)} dropped: OpenAI strict mode does not take it (the tool still checks it)`,
          })),
        )
      : [];
    // OpenAI rejects a request with more than 128 tools (the limit toolsToAI enforces): the file is kept, with a word
    if (!options.defer && tools.length > MAX_AI_TOOLS)
      warnings.push({
        tool: '',
        field: '',
        message:
          `${tools.length} tools; one OpenAI request takes at most ${MAX_AI_TOOLS}, so send a subset ` +
          '(--tier core, or --defer extended for tool search)',
      });
    if (!options.defer) return { text: jsonText(functions.map((f) => ({ type: 'function', function: f }))), warnings };
    // Tool search and defer_loading exist in the Responses API only: its flat function tools, and its hosted tool_search tool first.
    const flat = functions.map((f, i) => ({
      type: 'function',
      ...f,
      ...(isDeferred(tools[i]!, options.defer) ? { defer_loading: true } : {}),
    }));
    if (!defersAny(tools, options.defer, warnings)) return { text: jsonText(flat), warnings };
    return { text: jsonText([{ type: 'tool_search' }, ...flat]), warnings, added: ['tool_search'] };
  },
});
