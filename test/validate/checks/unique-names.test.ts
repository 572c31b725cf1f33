/** The unique-names check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { tool, header } from './sources/toolbox.js';

ruleTester('unique-names', {
  valid: [
    // A barrel re-exporting a tool is the same declaration, not a duplicate.
    {
      name: 'a barrel re-export',
      files: {
        'tools/a.ts': header + tool('setFont', 'set_font'),
        'tools/index.ts': `export { setFont } from './a';\nexport * from './a';\n`,
      },
    },
  ],
  invalid: [
    // Two files define set_font: both locations are reported, each naming the other.
    {
      name: 'two files define set_font',
      files: {
        'tools/a.ts': header + tool('setFont', 'set_font', "family: { type: 'string', description: 'CSS font family' }"),
        'tools/b.ts': header + tool('setFontB', 'set_font'),
      },
      errors: [
        {
          messageId: 'duplicate',
          // each finding and each "also defined at" is where the name is written, not the defineTool( call
          message: 'Tool name "set_font" is also defined at tools/b.ts:3:44.',
          file: 'tools/a.ts',
          line: 3,
          column: 43,
        },
        {
          messageId: 'duplicate',
          message: 'Tool name "set_font" is also defined at tools/a.ts:3:43.',
          file: 'tools/b.ts',
          line: 3,
          column: 44,
        },
      ],
    },
    // set_font and set-font collide as command-line names.
    {
      name: 'set_font beside set-font',
      files: header + tool('a', 'set_font') + tool('b', 'set-font'),
      errors: [
        {
          messageId: 'cliCollision',
          message: 'Tool name "set_font" collides with "set-font" at tools/tool.ts:5:37 as a command-line name ("set-font").',
          line: 3,
          column: 37,
        },
        {
          messageId: 'cliCollision',
          message: 'Tool name "set-font" collides with "set_font" at tools/tool.ts:3:37 as a command-line name ("set-font").',
          line: 5,
          column: 37,
        },
      ],
    },
  ],
});
