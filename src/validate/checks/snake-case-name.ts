/** The `snake-case-name` check: tool names are snake_case and short. */

import { defineCheck } from '../define-check.js';
import { codePoints } from '../../core/string-checks.js';
import { charsOutsideToolNames, MAX_TOOL_NAME_LENGTH as MAX_LENGTH, SNAKE_CASE, snakeName } from '../../core/tool-name.js';
import { renameToolFix } from '../fix/rename-tool.js';

/**
 * Tool names are snake_case, `^[a-z][a-z0-9]*(_[a-z0-9]+)*$`, at most 64 characters
 * (the MCP and OpenAI limit); above 40 is a warning because MCP clients prefix the server
 * name and the whole string must still fit in 64.
 */
export default defineCheck({
  id: 'snake-case-name',
  title: 'Tool names are snake_case and short',
  scope: 'tool',
  severity: 'error',
  docs: {
    summary:
      'A tool name must use only letters, digits, `_` and `-` and have at most 64 characters, the limit of MCP clients and model providers: spaces, dots and slashes are rejected by providers, so those are errors. It should be snake_case, `^[a-z][a-z0-9]*(_[a-z0-9]+)*$` (a warning: a convention, not a client limit). Names over 40 characters get a warning: clients prefix the server name (`canvas__set_font`) and the whole string must still fit in 64.',
    failing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'Set Font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
    passing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    invalidChars: 'Tool name "{{name}}" contains {{chars}}, which MCP clients and model providers reject.',
    notSnakeCase: 'Tool name "{{name}}" is not snake_case.',
    tooLong: 'Tool name "{{name}}" has {{length}} characters; the limit is {{max}}.',
    long: 'Tool name "{{name}}" has {{length}} characters, over {{warnAt}}; clients prefix server names and the whole string must fit in 64.',
  },
  hints: {
    invalidChars: 'Consider "{{suggestion}}".',
    notSnakeCase: 'Consider "{{suggestion}}".',
    tooLong: 'Shorten the name to at most {{max}} characters.',
    long: 'Consider a name of at most {{warnAt}} characters.',
  },
  warnOnly: ['long', 'notSnakeCase'],
  run({ analysis, limits, fixes, report }) {
    for (const tool of analysis.tools) {
      // at the name itself, not at the defineTool( call
      const at = tool.nameAt;
      const name = tool.name;
      const suggestion = snakeName(name) || 'tool_name';
      const bad = charsOutsideToolNames(name);
      // the fix renames the tool to the suggestion, everywhere the folder names it
      const fix =
        fixes && SNAKE_CASE.test(suggestion) && codePoints(suggestion) <= MAX_LENGTH && (bad.length > 0 || !SNAKE_CASE.test(name))
          ? renameToolFix(analysis, tool, suggestion)
          : undefined;
      if (bad.length > 0) {
        report({
          ...at,
          messageId: 'invalidChars',
          data: { name, chars: bad.map((c) => JSON.stringify(c)).join(', '), suggestion },
          ...(fix ? { fix } : {}),
        });
      } else if (!SNAKE_CASE.test(name)) {
        report({ ...at, messageId: 'notSnakeCase', data: { name, suggestion }, ...(fix ? { fix } : {}) });
      }
      const length = codePoints(name);
      if (length > MAX_LENGTH) report({ ...at, messageId: 'tooLong', data: { name, length, max: MAX_LENGTH } });
      else if (length > limits.nameWarnLength) report({ ...at, messageId: 'long', data: { name, length, warnAt: limits.nameWarnLength } });
    }
  },
});
