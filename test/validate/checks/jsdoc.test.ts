/** The jsdoc check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { desc, ok } from './sources/tool.js';

ruleTester('jsdoc', {
  valid: [
    { name: 'documented', files: ok('set_font') },
    {
      name: 'not exported',
      files: `import { defineTool } from 'agent-tools';\nconst t = defineTool({ name: 'set_font', ${desc}, mutates: true, params: {}, execute: () => ({}) });\nexport const TOOLS = [t];\n`,
    },
  ],
  invalid: [
    {
      name: 'exported without a comment',
      files: `import { defineTool } from 'agent-tools';\nexport const setFont = defineTool({ name: 'set_font', ${desc}, mutates: true, params: {}, execute: () => ({}) });\n`,
      errors: [
        {
          messageId: 'missing',
          message: 'Exported tool "set_font" (setFont) has no JSDoc comment.',
          severity: 'warn',
          file: 'tools/tool.ts',
          line: 2,
          column: 24,
        },
      ],
    },
  ],
});
