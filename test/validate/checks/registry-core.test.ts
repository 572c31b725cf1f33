/** The registry-core check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { withLists } from './sources/architecture.js';

ruleTester('registry-core', {
  valid: [
    { name: 'CORE_TOOLS', files: withLists('export const CORE_TOOLS = [getFont];\n') },
    {
      name: 'a createRegistry core written beside a spread of options a function returns',
      files: withLists(
        "import { createRegistry } from 'agent-tools';\nconst more = () => ({ approval: { ask: ['get_font'] } });\nexport const registry = createRegistry({ core: [getFont], extended: [], ...more() });\n",
      ),
    },
  ],
  invalid: [
    {
      name: 'only EXTENDED_TOOLS',
      files: withLists('export const EXTENDED_TOOLS = [getFont];\n'),
      errors: [{ messageId: 'missing', file: 'tools/tool.ts', line: 1, column: 1 }],
    },
  ],
});
