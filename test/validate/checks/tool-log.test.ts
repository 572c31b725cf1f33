/** The tool-log check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';
import { tools, agent, allOptions } from './sources/architecture.js';
import { aiAdapter, full, withAdapter, mcpAdapter } from './sources/own-adapter.js';

ruleTester('tool-log', {
  valid: [
    { name: 'onToolLog given', files: agent(allOptions) },
    {
      name: 'options from a const with a spread',
      files: {
        ...agent('opts'),
        'agent.ts': `import { toolsToAI } from 'agent-tools/ai';\nconst base = { onToolLog: () => {} };\nconst opts = { ...base, getApi: () => ({}) };\nexport const x = toolsToAI([], opts);\n`,
      },
    },
    { name: 'options not known statically are not guessed', files: agent('makeOptions()') },
  ],
  invalid: [
    {
      name: 'toolsToAI without onToolLog',
      files: agent('{ getStepBudget: () => b }'),
      errors: [
        {
          messageId: 'missing',
          message: 'toolsToAI(...) is created without `onToolLog`; tool calls are not logged.',
          file: 'agent.ts',
          line: 3,
          column: 18,
        },
      ],
    },
    {
      name: 'createMcpServer without options',
      files: {
        'tools/tools.ts': tools,
        'server.ts': `import { createMcpServer } from 'agent-tools/mcp';\nexport const s = createMcpServer([]);\n`,
      },
      errors: [{ messageId: 'missing', file: 'server.ts', line: 2, column: 18 }],
    },
  ],
});

ruleTester('tool-log', {
  valid: [
    { name: 'an own adapter that calls log.add', files: withAdapter(aiAdapter(full)) },
    { name: 'an own MCP adapter with a logger', files: withAdapter(mcpAdapter) },
    {
      name: 'the log is kept by the module function that calls the adapter',
      files: withAdapter(
        aiAdapter('return def.execute(undefined, args);') +
          `export function agentTools(defs: any[], onToolLog: (e: unknown) => void) {\n  onToolLog({ start: true });\n  return toolsToAI(defs, {});\n}\n`,
      ),
    },
  ],
  invalid: [
    {
      name: 'an own adapter with no log (console.log is not a tool log)',
      files: withAdapter(aiAdapter('console.log(def.name);\n return def.execute(undefined, args);')),
      errors: [
        {
          messageId: 'ownMissing',
          message: 'toolsToAI() maps the tools to AI SDK tools without a tool log; tool calls are not logged.',
          file: 'tools/ai-adapter.ts',
          line: 3,
          column: 17,
        },
      ],
    },
  ],
});

// The caller of an own adapter is outside the tools folder, or beside it: its options are the adapter's own, not ours.
ruleTester('tool-log', {
  valid: [
    {
      name: 'an app calling the own toolsToAI (not agent-tools/ai) is not judged by onToolLog',
      files: {
        ...withAdapter(aiAdapter(full)),
        'app/agent.ts': `import { toolsToAI } from '../tools/ai-adapter.js';\nimport { CORE_TOOLS } from '../tools/registry-core.js';\nexport const tools = toolsToAI(CORE_TOOLS, { log: { add() {} } });\n`,
      },
    },
  ],
  invalid: [],
});
