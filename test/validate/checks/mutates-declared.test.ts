/** The mutates-declared check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester, toolSource } from '../helpers.js';
import { ok, at } from './sources/tool.js';

ruleTester('mutates-declared', {
  valid: [
    { name: 'declared true', files: ok('set_font') },
    {
      name: 'reader declared false',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}`),
    },
  ],
  invalid: [
    {
      name: 'not declared',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', params: {}`),
      errors: [
        {
          messageId: 'notDeclared',
          message: 'Tool "get_font" does not say whether it mutates; it counts as destructive, and clients will ask before each call.',
          severity: 'warn',
          ...at,
        },
      ],
    },
    {
      name: 'not declared but destructive: false',
      files: toolSource(`name: 'add_note', description: 'Adds a note to the notebook.', destructive: false, params: {}`),
      errors: [
        {
          messageId: 'notDeclaredNotDestructive',
          message:
            'Tool "add_note" does not say whether it mutates; it says it is not destructive, so it counts as mutating (not read-only), and clients may ask before each call.',
          severity: 'warn',
          ...at,
        },
      ],
    },
    {
      name: 'an MCP SDK tool with destructiveHint: false and no readOnlyHint',
      files: {
        'tools/server.ts':
          "import { McpServer } from '@modelcontextprotocol/server';\nconst server = new McpServer({ name: 's', version: '1.0.0' });\n" +
          "server.registerTool('add_note', { description: 'Adds a note to the notebook.', annotations: { destructiveHint: false } }, async () => ({ content: [] }));\n",
      },
      errors: [
        {
          messageId: 'noReadOnlyHintNotDestructive',
          message:
            'Tool "add_note" does not say whether it mutates (no annotations.readOnlyHint); with destructiveHint: false it counts as mutating but not destructive (the spec default readOnlyHint: false).',
          severity: 'warn',
        },
      ],
    },
    {
      name: 'mutating prefix with mutates: false',
      files: toolSource(`name: 'delete_node', description: 'Deletes a node and its children.', mutates: false, params: {}`),
      errors: [
        { messageId: 'looksMutating', message: 'Tool "delete_node" starts with "delete_" but says mutates: false.', severity: 'warn' },
      ],
    },
  ],
});
