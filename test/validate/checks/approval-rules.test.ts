/** The approval-rules check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';

const REMOVE_USER =
  "import { createRegistry, defineTool } from 'agent-tools';\n/** Removes a user. */\nexport const removeUser = defineTool({ name: 'remove_user', description: 'Removes a user account and its data for good.', mutates: true, destructive: true, params: {}, execute: () => ({}) });\n";

ruleTester('approval-rules', {
  valid: [
    {
      name: 'a rule naming the tool, and a glob matching it',
      files: {
        'tools/tools.ts': `${REMOVE_USER}export const registry = createRegistry({ core: [removeUser], extended: [], approval: { deny: ['remove_user'], ask: ['remove_*'] } });\n`,
      },
    },
  ],
  invalid: [
    {
      name: 'a misspelt deny entry in createRegistry, at the entry, with the closest tool',
      files: {
        'tools/tools.ts': `${REMOVE_USER}export const registry = createRegistry({ core: [removeUser], extended: [], approval: { deny: ['remove_usr'] } });\n`,
      },
      errors: [
        {
          messageId: 'stale',
          message:
            'Approval rule "remove_usr" in approval.deny of createRegistry() matches no tool (did you mean remove_user?), so the tool it was written for runs unasked.',
          severity: 'error',
          file: 'tools/tools.ts',
          line: 4,
          column: 95,
        },
      ],
    },
    {
      name: "an allow rule of agent-tools.config.json that matches no tool: a warning (it fails safe), at the file's start",
      files: {
        'tools/tools.ts': `${REMOVE_USER}export const registry = createRegistry({ core: [removeUser], extended: [] });\n`,
        'agent-tools.config.json': JSON.stringify({ approval: { allow: ['get_*'] } }),
      },
      errors: [
        {
          messageId: 'staleAllow',
          message: 'Approval rule "get_*" in approval.allow of agent-tools.config.json matches no tool.',
          severity: 'warn',
          file: 'agent-tools.config.json',
          line: 1,
          column: 1,
        },
      ],
    },
  ],
});
