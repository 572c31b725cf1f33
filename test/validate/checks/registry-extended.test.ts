/** The registry-extended check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { withLists } from './sources/architecture.js';

ruleTester('registry-extended', {
  valid: [
    { name: 'EXTENDED_TOOLS, empty', files: withLists('export const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\n') },
    {
      name: 'createRegistry',
      files: withLists(
        `import { createRegistry } from 'agent-tools';\nexport const r = createRegistry({ core: [getFont], extended: [] });\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'only CORE_TOOLS',
      files: withLists('export const CORE_TOOLS = [getFont];\n'),
      errors: [{ messageId: 'missing', message: /^No extended registry/ }],
    },
  ],
});
