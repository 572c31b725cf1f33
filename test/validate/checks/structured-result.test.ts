/** The structured-result check: valid and invalid cases, run by the RuleTester-style helper. */
import { ruleTester } from '../helpers.js';

/** A tool source with its own `execute` (the shared `toolSource` adds one). */
const tool = (rest: string) =>
  `import { defineTool } from 'agent-tools';\n/** Doc. */\nexport const t = defineTool({ name: 'rename_node', description: 'Renames a node.', ${rest} });\n`;
const at = (what: string, column: number) => ({
  messageId: 'bare',
  message: `Mutating tool "rename_node" returns ${what}; the model cannot tell what changed.`,
  file: 'tools/tool.ts',
  line: 3,
  column,
});

ruleTester('structured-result', {
  valid: [
    { name: 'a mutating tool returning an object', files: tool("mutates: true, params: {}, execute: () => ({ id: 'n1' })") },
    { name: 'a read-only tool returning a string', files: tool("params: {}, execute: () => 'Title'") },
    { name: 'a result the check cannot see', files: tool('mutates: true, params: {}, execute: (api: any) => api.rename()') },
    {
      name: 'a declared output',
      files: tool("mutates: true, params: {}, output: { ok: { type: 'boolean', description: 'Renamed' } }, execute: () => ({ ok: true })"),
    },
    {
      name: 'a stub that throws (as scaffold writes it)',
      files: tool("mutates: true, params: {}, execute() { throw new Error('not implemented yet'); }"),
    },
    {
      name: 'a nested function returning a string does not count',
      files: tool("mutates: true, params: {}, execute() { const f = () => 'x'; return { id: f() }; }"),
    },
  ],
  invalid: [
    { name: 'a bare string', files: tool("mutates: true, params: {}, execute: () => 'Done'"), errors: [at('a bare string', 111)] },
    {
      name: 'a template string from a block',
      files: tool('mutates: true, params: {}, execute(_api: unknown) { if (Math.random()) return { id: 1 }; return `Renamed`; }'),
      errors: [at('a bare string', 111)],
    },
    { name: 'nothing', files: tool('mutates: true, params: {}, execute() { return; }'), errors: [at('nothing', 111)] },
    { name: 'an empty body', files: tool('mutates: true, params: {}, async execute() {}'), errors: [at('nothing', 111)] },
  ],
});
