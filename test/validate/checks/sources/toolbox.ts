/** Source texts shared by the toolbox check tests (each check's cases are in test/validate/checks/<check-id>.test.ts). */

export const tool = (v: string, name: string, extra = '') =>
  `/** ${name} */\nexport const ${v} = defineTool({ name: '${name}', description: 'Does ${name} on a text node of the canvas.', mutates: true, params: {${extra}}, execute: () => ({}) });\n`;
export const header = `import { defineTool } from 'agent-tools';\n`;
export const many = (n: number) => Array.from({ length: n }, (_, i) => tool(`t${i}`, `tool_${i}`)).join('');
