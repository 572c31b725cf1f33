/** The `anthropic` export format: the Messages API `tools` array. */
import { defineFormat } from './define-format.js';
import { inputSchemaOf, jsonText } from './types.js';

/** `anthropic`: the Messages API `tools` array, `[{ name, description, input_schema }]`. */
export default defineFormat({
  name: 'anthropic',
  summary: 'Anthropic Messages API tools: [{ name, description, input_schema }]',
  extension: 'json',
  schemaAsIs: true,
  render: (tools) => ({
    text: jsonText(tools.map((t) => ({ name: t.name, description: t.description, input_schema: inputSchemaOf(t) }))),
    warnings: [],
  }),
});
