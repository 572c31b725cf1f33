/** The define-tool check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { desc, ok } from './sources/tool.js';

ruleTester('define-tool', {
  valid: [{ name: 'a defineTool call', files: ok('set_font') }],
  invalid: [
    {
      name: 'a bare object typed as ToolDef',
      files: `import type { ToolDef } from 'agent-tools';\nexport const setFont: ToolDef = { name: 'set_font', ${desc}, mutates: true, params: {}, execute: () => ({}) };\n`,
      errors: [
        {
          messageId: 'bareObject',
          message: /^"setFont" is an object literal typed as ToolDef/,
          file: 'tools/tool.ts',
          line: 2,
          column: 14,
        },
      ],
    },
    {
      name: 'a description computed at run time',
      files: `import { defineTool } from 'agent-tools';\nconst make = () => 'Sets the font family of a text node.';\nexport const t = defineTool({ name: 'set_font', description: make(), mutates: true, params: {}, execute: () => ({}) });\n`,
      errors: [{ messageId: 'diagnostic', message: /description/, line: 3 }],
    },
    {
      name: 'a misspelt needsApproval, which defineTool throws on (ignored, the tool would run unasked)',
      files: `import { defineTool } from 'agent-tools';\nexport const t = defineTool({\n  name: 'nuke_db',\n  ${desc},\n  mutates: true,\n  needsAproval: true,\n  params: {},\n  execute: () => 'nuked',\n});\n`,
      errors: [
        {
          messageId: 'unknownKey',
          message:
            'tool `nuke_db`: unknown key "needsAproval" (did you mean "needsApproval"?): defineTool throws on it; the tool is left out',
          file: 'tools/tool.ts',
          line: 6,
          column: 3,
        },
      ],
    },
    {
      name: 'a misspelt mutates',
      files: `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'nuke_db', ${desc}, params: {}, mutate: true, execute() { return 1; } });\n`,
      errors: [{ messageId: 'unknownKey', message: /: unknown key "mutate" \(did you mean "mutates"\?\)/, line: 2, column: 113 }],
    },
    {
      name: 'a misspelt method is reported at its name',
      files: `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'nuke_db', ${desc}, mutates: true, params: {}, async excute() { return 1; } });\n`,
      errors: [{ messageId: 'unknownKey', message: /: unknown key "excute" \(did you mean "execute"\?\)/, line: 2, column: 134 }],
    },
    {
      name: 'a syntax error, other files still checked',
      files: {
        'tools/broken.ts': `export const x = (\n`,
        'tools/ok.ts': `import { defineTool } from 'agent-tools';\nexport const t = defineTool({ name: 'Bad Name', ${desc}, mutates: true, params: {}, execute: () => ({}) });\n`,
      },
      errors: [
        // the first parse error only: the parser's next one (')' expected at 2:1) follows from it
        {
          messageId: 'syntaxError',
          message: /^Syntax error: Expression expected \(and 1 more parse error after it in this file, most likely caused by it\); tools/,
          file: 'tools/broken.ts',
          line: 1,
          column: 19,
        },
      ],
    },
  ],
});
