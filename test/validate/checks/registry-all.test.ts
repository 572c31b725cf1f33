/** The registry-all check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { withLists } from './sources/architecture.js';

ruleTester('registry-all', {
  valid: [
    {
      name: 'ALL_TOOLS from the two tiers',
      files: withLists(
        'export const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\nexport const ALL_TOOLS = [...CORE_TOOLS, ...EXTENDED_TOOLS];\n',
      ),
    },
    {
      name: 'createRegistry',
      files: withLists(
        `import { createRegistry } from 'agent-tools';\nexport const r = createRegistry({ core: [getFont], extended: [] });\n`,
      ),
    },
    {
      name: 'createRegistry over exported CORE_TOOLS and EXTENDED_TOOLS arrays (its all is derived)',
      files: withLists(
        `import { createRegistry } from 'agent-tools';\nexport const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\nexport const registry = createRegistry({ core: CORE_TOOLS, extended: EXTENDED_TOOLS });\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'no full list',
      files: withLists('export const CORE_TOOLS = [getFont];\nexport const EXTENDED_TOOLS = [];\n'),
      errors: [{ messageId: 'missing' }],
    },
    {
      name: 'a hand-kept full list',
      files: withLists(
        'export const CORE_TOOLS = [];\nexport const EXTENDED_TOOLS = [];\nexport const ALL_TOOLS = [...CORE_TOOLS, getFont];\n',
      ),
      errors: [
        { messageId: 'missingTier', message: 'ALL_TOOLS does not include the extended tier.', line: 6, column: 14 },
        {
          messageId: 'extraEntry',
          message: 'ALL_TOOLS has `getFont`, which is not a spread of the core or extended list.',
          line: 6,
          column: 42,
        },
      ],
    },
  ],
});
