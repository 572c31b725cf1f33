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
      name: 'mutating prefix with mutates: false',
      files: toolSource(`name: 'delete_node', description: 'Deletes a node and its children.', mutates: false, params: {}`),
      errors: [
        { messageId: 'looksMutating', message: 'Tool "delete_node" starts with "delete_" but says mutates: false.', severity: 'warn' },
      ],
    },
  ],
});
