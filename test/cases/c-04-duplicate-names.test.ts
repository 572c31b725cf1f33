/** Tests that the command-name collision validate reports is the one the CLI adapter refuses (`set_font` and `setFont`). */

import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { kebabName, toolsToCommands } from '../../src/adapters/cli.js';
import { defineTool } from '../../src/core/tool.js';
import { ruleTester } from '../validate/helpers.js';

// validate's command-name collision uses the CLI adapter's own kebabName, so every
// pair that toolsToCommands refuses is also reported by validate (and named by its real command).
const tool = (v: string, name: string) =>
  `/** ${name} */\nexport const ${v} = defineTool({ name: '${name}', description: 'Does ${name} on a text node of the canvas.', mutates: true, params: {}, execute: () => ({}) });\n`;
const header = `import { defineTool } from 'agent-tools';\n`;

ruleTester('unique-names', {
  valid: [{ name: 'set_font beside set_fonts', files: header + tool('a', 'set_font') + tool('b', 'set_fonts') }],
  invalid: [
    {
      name: 'setFont beside set_font (both the command set-font)',
      files: header + tool('a', 'set_font') + tool('b', 'setFont'),
      errors: [
        {
          messageId: 'cliCollision',
          message: 'Tool name "set_font" collides with "setFont" at tools/tool.ts:5:37 as a command-line name ("set-font").',
          line: 3,
          column: 37,
        },
        {
          messageId: 'cliCollision',
          message: 'Tool name "setFont" collides with "set_font" at tools/tool.ts:3:37 as a command-line name ("set-font").',
          line: 5,
          column: 37,
        },
      ],
    },
  ],
});

describe('C-04: the pair validate reports is the pair the CLI adapter refuses', () => {
  it('setFont and set_font map to one command and toolsToCommands names both', () => {
    expect([kebabName('setFont'), kebabName('set_font'), kebabName('set-font')]).toEqual(['set-font', 'set-font', 'set-font']);
    const a = defineTool({ name: 'set_font', description: 'Sets a font.', params: {}, execute: () => 1 });
    const b = defineTool({ name: 'setFont', description: 'Sets a font too.', params: {}, execute: () => 2 });
    expect(() => toolsToCommands([a, b], { program: new Command('t') })).toThrow(
      'Duplicate tool name "set-font": defined by tool "set_font" and by tool "setFont" (both become the command "set-font"). Rename one of them.',
    );
  });
});
