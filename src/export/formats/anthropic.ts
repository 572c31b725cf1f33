import { inputSchemaOf, jsonText, type Format } from './types.js';

/** `anthropic`: the Messages API `tools` array, `[{ name, description, input_schema }]`. */
export const anthropic: Format = (tools) => ({
  text: jsonText(tools.map((t) => ({ name: t.name, description: t.description, input_schema: inputSchemaOf(t) }))),
  warnings: [],
});
