/** The snake-case-name check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { ok, at } from './sources/tool.js';

ruleTester('snake-case-name', {
  valid: [
    { name: 'snake_case', files: ok('set_font') },
    { name: '40 characters exactly', files: ok('a'.repeat(40)) },
  ],
  invalid: [
    // Space and slash are errors that name the characters; dot is an error too.
    {
      name: 'space',
      files: ok('Set Font'),
      errors: [
        {
          messageId: 'invalidChars',
          message: 'Tool name "Set Font" contains " ", which MCP clients and model providers reject.',
          severity: 'error',
          ...at,
        },
      ],
    },
    {
      name: 'slash',
      files: ok('fonts/set'),
      errors: [
        {
          messageId: 'invalidChars',
          message: 'Tool name "fonts/set" contains "/", which MCP clients and model providers reject.',
          severity: 'error',
        },
      ],
    },
    { name: 'dot', files: ok('font.set'), errors: [{ messageId: 'invalidChars', severity: 'error' }] },
    {
      name: 'camelCase',
      files: ok('setFont'),
      errors: [{ messageId: 'notSnakeCase', message: 'Tool name "setFont" is not snake_case.', severity: 'warn' }],
    },
    { name: 'kebab-case', files: ok('set-font'), errors: [{ messageId: 'notSnakeCase', severity: 'warn' }] },
    // Over 64 is an error; 58 is a warning (over 40: clients prefix the server name).
    {
      name: '65 characters',
      files: ok('a'.repeat(65)),
      errors: [{ messageId: 'tooLong', message: `Tool name "${'a'.repeat(65)}" has 65 characters; the limit is 64.`, severity: 'error' }],
    },
    {
      name: '58 characters',
      files: ok('a'.repeat(58)),
      errors: [{ messageId: 'long', message: /has 58 characters, over 40/, severity: 'warn' }],
    },
    {
      name: 'warning length from the config',
      files: { 'tools/tool.ts': ok('set_font_family'), 'agent-tools.config.json': '{ "limits": { "nameWarnLength": 10 } }' },
      errors: [{ messageId: 'long', message: /has 15 characters, over 10/, severity: 'warn' }],
    },
  ],
});
