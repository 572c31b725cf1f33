/** The core-size check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { header, many } from './sources/toolbox.js';

ruleTester('core-size', {
  valid: [
    {
      name: '30 tools',
      files: header + many(30) + `export const CORE_TOOLS = [${Array.from({ length: 30 }, (_, i) => `t${i}`).join(', ')}];\n`,
    },
    { name: 'no core tier', files: header + many(2) },
  ],
  invalid: [
    {
      name: '31 tools',
      files: header + many(31) + `export const CORE_TOOLS = [${Array.from({ length: 31 }, (_, i) => `t${i}`).join(', ')}];\n`,
      errors: [{ messageId: 'tooManyTools', message: 'The core tier (CORE_TOOLS) has 31 tools; the limit is 30.', line: 64, column: 14 }],
    },
    {
      name: 'over the token budget from the config',
      files: {
        'tools/tool.ts': header + many(3) + `export const CORE_TOOLS = [t0, t1, t2];\n`,
        'agent-tools.config.json': '{ "limits": { "coreMaxTokens": 50 } }',
      },
      errors: [
        { messageId: 'tooManyTokens', message: /^The core tier \(CORE_TOOLS\) costs \d+ tokens of tool definitions; the budget is 50\.$/ },
      ],
    },
    {
      name: 'createRegistry core tier with a lower tool limit',
      files: {
        'tools/tool.ts':
          `import { defineTool, createRegistry } from 'agent-tools';\n` +
          many(2) +
          `export const r = createRegistry({ core: [t0, t1] });\n`,
        'agent-tools.config.json': '{ "limits": { "coreMaxTools": 1 } }',
      },
      errors: [{ messageId: 'tooManyTools', message: 'The core tier (core) has 2 tools; the limit is 1.' }],
    },
  ],
});
