/** Source texts shared by the architecture check tests (each check's cases are in test/validate/checks/<check-id>.test.ts). */

export const getFont = `/** Reads. */\nexport const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });\n`;
export const tools = `import { defineTool } from 'agent-tools';\n` + getFont;
export const withLists = (lists: string) => tools + lists;
export const agent = (options: string, factory = 'toolsToAI', from = 'agent-tools/ai') => ({
  'tools/tools.ts': tools + 'export const CORE_TOOLS = [getFont];\n',
  'agent.ts': `import { ${factory} } from '${from}';\nimport { CORE_TOOLS } from './tools/tools';\nexport const x = ${factory}(CORE_TOOLS, ${options});\n`,
});
export const allOptions = '{ onToolLog: () => {}, getStepBudget: () => b, onBeforeExecute: () => {}, onAfterExecute() {} }';
