/** The destructive-declared check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester, toolSource } from '../helpers.js';
import { desc, ok, at } from './sources/tool.js';

// A mutating tool says whether it is destructive (the MCP destructiveHint).
ruleTester('destructive-declared', {
  valid: [
    { name: 'mutating, destructive: false', files: toolSource(`name: 'set_font', ${desc}, mutates: true, destructive: false, params: {}`) },
    {
      name: 'mutating, destructive: true',
      files: toolSource(
        `name: 'delete_node', description: 'Deletes a node and its children.', mutates: true, destructive: true, params: {}`,
      ),
    },
    {
      name: 'read-only',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}`),
    },
    {
      name: 'mutates left out (read-only; mutates-declared reports it)',
      files: toolSource(`name: 'get_font', description: 'Returns the font family of a text node.', params: {}`),
    },
    {
      name: 'MCP SDK tool with both hints',
      files: {
        'tools/s.ts':
          "server.registerTool('set_font', { description: 'Sets the font family of a text node.', annotations: { readOnlyHint: false, destructiveHint: false } }, f);\n",
      },
    },
  ],
  invalid: [
    {
      name: 'a name that says it removes, destructive: false',
      files: toolSource(`name: 'delete_all_notes', description: 'Deletes every note.', mutates: true, destructive: false, params: {}`),
      errors: [
        {
          messageId: 'looksDestructive',
          message: 'Tool "delete_all_notes" starts with "delete_" but says destructive: false, so it runs without approval.',
          severity: 'warn',
          ...at,
        },
      ],
    },
    {
      name: 'mutating, destructive left out',
      files: ok('set_font'),
      errors: [
        {
          messageId: 'notDeclared',
          message:
            'Tool "set_font" mutates but does not say whether it is destructive; it is treated as destructive (destructiveHint: true) and asks for approval before every call.',
          severity: 'warn',
          ...at,
        },
      ],
    },
    {
      name: 'MCP SDK tool, readOnlyHint false without destructiveHint',
      files: {
        'tools/s.ts':
          "server.registerTool('set_font', { description: 'Sets the font family of a text node.', annotations: { readOnlyHint: false } }, f);\n",
      },
      errors: [
        {
          messageId: 'noDestructiveHint',
          message:
            'Tool "set_font" is not read-only but does not say whether it is destructive (no annotations.destructiveHint); clients will treat it as destructive, the spec default.',
          severity: 'warn',
          file: 'tools/s.ts',
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});
