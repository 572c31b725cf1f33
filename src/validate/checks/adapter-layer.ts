import { adapterCalls, ADAPTER_FACTORIES } from '../adapters.js';
import { position, sourceFileOf } from '../ast.js';
import { defineCheck } from '../define-check.js';

/** Module specifiers that belong to the adapter layer or an SDK, never to a schema or tool file. */
const ADAPTER_MODULES = [/^ai$/, /^@ai-sdk\//, /^@modelcontextprotocol\//, /^valibot$/, /^commander$/, /^agent-tools\/(ai|mcp|cli)$/];

/**
 * An adapter consumes the registry (`toolsToAI`, `createMcpServer` or `toolsToCommands`),
 * and no tool file imports an adapter or SDK module (`ai`, `@modelcontextprotocol/*`,
 * valibot, commander): data flows from schema to registry to adapter, never back.
 */
export default defineCheck({
  id: 'adapter-layer',
  title: 'Adapters consume the registry; tools import no adapter',
  scope: 'architecture',
  severity: 'error',
  docs: {
    summary:
      "Tools are defined once and consumed by adapters: `toolsToAI` (AI SDK), `createMcpServer` (MCP) or `toolsToCommands` (CLI). The folder must create at least one adapter, and a tool file must not import an adapter or SDK module (`ai`, `@ai-sdk/*`, `@modelcontextprotocol/*`, `valibot`, `commander`, `agent-tools/ai|mcp|cli`): a tool that depends on one consumer's SDK cannot serve the others.",
    failing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
import { tool } from 'ai';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { getFont } from './tools/tools';
export const tools = toolsToAI([getFont], {});`,
    passing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { getFont } from './tools/tools';
export const tools = toolsToAI([getFont], {});`,
  },
  messages: {
    noAdapter: 'No adapter is created from the tools ({{factories}} is never called).',
    adapterImport: 'Tool file imports "{{module}}", an adapter or SDK module.',
  },
  hints: {
    noAdapter: 'Create one, e.g. `toolsToAI(registry.core, { ... })` in your agent, or `createMcpServer(registry, { ... })`.',
    adapterImport: 'Move the code that needs "{{module}}" into the adapter layer; tools depend only on the schema layer.',
  },
  run({ analysis, folder, report }) {
    if (analysis.tools.length > 0 && adapterCalls(analysis).length === 0) {
      report({ ...folder, messageId: 'noAdapter', data: { factories: ADAPTER_FACTORIES.join(', ') } });
    }
    const toolFiles = new Set(analysis.tools.map((t) => t.file));
    for (const file of toolFiles) {
      const sf = sourceFileOf(analysis, file);
      for (const decl of sf?.getImportDeclarations() ?? []) {
        const module = decl.getModuleSpecifierValue();
        if (ADAPTER_MODULES.some((re) => re.test(module))) report({ ...position(analysis, decl), messageId: 'adapterImport', data: { module } });
      }
    }
  },
});
