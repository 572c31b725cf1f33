/** The `adapter-layer` check: adapters consume the registry; tools import no adapter. */

import { moduleSpecifierOf } from '../../analysis/module-specifier.js';
import { Node } from '../../analysis/ts-morph.cjs';
import { ADAPTER_LIST, isModuleOf, type AdapterDescriptor } from '../../core/adapter-list.js';
import { adapterCalls, ADAPTER_FACTORIES } from '../adapters.js';
import { position, relativeFile, sourceFileOf } from '../ast.js';
import { requireBindingsOf } from '../../analysis/commonjs.js';
import { importingAdapters } from '../../analysis/importing-adapters.js';
import { MAX_PROJECT_FILES } from '../../analysis/importers.js';
import { defineCheck } from '../define-check.js';

/**
 * Whether a module belongs to the adapter layer or an SDK, never to a schema or tool file: an
 * adapter's module (`agent-tools/ai`) or its SDK's (the adapter list), or valibot, a schema library
 * beside ours that only an SDK's side takes.
 */
function isAdapterModule(module: string): boolean {
  const list: readonly AdapterDescriptor[] = ADAPTER_LIST;
  return module === 'valibot' || list.some((a) => a.module === module || (!a.toolFilesImportIt && isModuleOf(a.sdkModules, module)));
}

/**
 * An adapter consumes the registry (`toolsToAI`, `createMcpServer` or `toolsToCommands` given a
 * tier or registry, not an inline array of tools, or the toolbox's own adapter function that
 * maps its tools to an SDK's tools, see `analysis.adapters`),
 * and no tool file imports an adapter or SDK module (`ai`, `@modelcontextprotocol/*`,
 * valibot, commander): data flows from schema to registry to adapter, never back.
 */
export default defineCheck({
  id: 'adapter-layer',
  title: 'Adapters consume the registry; tools import no adapter',
  scope: 'architecture',
  severity: 'error',
  // A folder with no adapter breaks no client: `npx agent-tools serve` and `call` are adapters
  // of their own. Only the layer itself (a tool importing an SDK, an inline tool list) is an error.
  warnOnly: ['noAdapter'],
  docs: {
    summary:
      "Tools are defined once and consumed by adapters: `toolsToAI` (AI SDK), `createMcpServer` (MCP) or `toolsToCommands` (CLI). The folder must create at least one adapter (or define its own: a function that iterates the tools and builds an SDK's tools from each, such as `tool({ description: def.description, ... })` or `server.registerTool(def.name, ...)`, whoever calls it; an agent module outside the folder that imports one of its files directly, such as an `agent.ts` beside `tools/`, counts too), from the registry (a tier list or a `createRegistry` registry) rather than an inline list of tools that drifts from it, and a tool file must not import an adapter or SDK module (`ai`, `@ai-sdk/*`, `@modelcontextprotocol/*`, `valibot`, `commander`, `agent-tools/ai|mcp|cli`): a tool that depends on one consumer's SDK cannot serve the others. A file that writes a tool in an SDK's own form (the AI SDK's `tool()`, the MCP SDK's `registerTool`) imports that SDK to do so and is not reported.",
    failing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
import { tool } from 'ai';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont];
// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { CORE_TOOLS } from './tools/tools';
export const tools = toolsToAI(CORE_TOOLS, {});`,
    passing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });
export const CORE_TOOLS = [getFont];
// @file agent.ts
import { toolsToAI } from 'agent-tools/ai';
import { CORE_TOOLS } from './tools/tools';
export const tools = toolsToAI(CORE_TOOLS, {});`,
  },
  messages: {
    noAdapter: 'No adapter is created from the tools ({{factories}} is never called {{where}}).',
    adapterImport: 'Tool file imports "{{module}}", an adapter or SDK module.',
    inlineTools: '{{factory}}(...) is given an inline list of tools instead of the registry.',
  },
  hints: {
    noAdapter:
      "Create one, e.g. `toolsToAI(registry, { tier: 'core', ... })` in your agent, or `createMcpServer(registry, { ... })`, or define your adapter function in the tools folder (one that maps each tool to an SDK tool). An agent module outside the analyzed paths is found when it imports one of their files directly (`import { registry } from './tools/registry.js'`) within the project of the nearest package.json; else add it to the paths (`npx agent-tools validate tools agent.ts`). Serving the tools with `npx agent-tools serve` needs none.",
    adapterImport: 'Move the code that needs "{{module}}" into the adapter layer; tools depend only on the schema layer.',
    inlineTools:
      'Pass the registry or a tier, e.g. `{{factory}}(registry.core, ...)` or `{{factory}}(CORE_TOOLS, ...)`, so every adapter serves the same tools.',
  },
  run({ analysis, folder, cwd, ignored, report }) {
    if (analysis.tools.length > 0 && adapterCalls(analysis).length === 0 && analysis.adapters.length === 0) {
      // an agent's own module (agent.ts beside the tools folder) is outside the analyzed paths: the files that import them count too
      const outside = importingAdapters(analysis, cwd, ignored);
      if (outside.adapters.length === 0) {
        const where = outside.noProject
          ? 'in the analyzed files; with no package.json above them, no other file of the project was searched'
          : outside.tooBig !== undefined
            ? `in the analyzed files; ${outside.tooBig} holds over ${MAX_PROJECT_FILES} source files, so no other file was searched`
            : "in the analyzed files or in the project's files that import them";
        report({ ...folder, messageId: 'noAdapter', data: { factories: ADAPTER_FACTORIES.join(', '), where } });
      }
    }
    for (const { factory, call } of adapterCalls(analysis)) {
      let arg = call.getArguments()[0];
      while (arg && (Node.isParenthesizedExpression(arg) || Node.isAsExpression(arg) || Node.isSatisfiesExpression(arg)))
        arg = arg.getExpression();
      if (arg && Node.isArrayLiteralExpression(arg)) report({ ...position(analysis, arg), messageId: 'inlineTools', data: { factory } });
    }
    // a file that writes a tool in an SDK's own form (the AI SDK's tool(), the MCP SDK's registerTool, Mastra's createTool) must
    // import that SDK to do so: only files of defineTool tools alone belong to the tool layer
    const sdkFiles = new Set(analysis.tools.filter((t) => t.form !== undefined).map((t) => t.file));
    const toolFiles = new Set(analysis.tools.map((t) => t.file).filter((f) => !sdkFiles.has(f)));
    for (const file of toolFiles) {
      const sf = sourceFileOf(analysis, file);
      for (const decl of sf?.getImportDeclarations() ?? []) {
        const module = moduleSpecifierOf(decl.compilerNode);
        if (module !== undefined && isAdapterModule(module))
          report({ ...position(analysis, decl), messageId: 'adapterImport', data: { module } });
      }
      // CommonJS: `const { tool } = require('ai')`
      const seen = new Set<unknown>();
      for (const { module, decl } of sf ? requireBindingsOf(sf.compilerNode) : []) {
        if (!isAdapterModule(module) || seen.has(decl)) continue;
        seen.add(decl);
        const { line, column } = sf!.getLineAndColumnAtPos(decl.getStart(sf!.compilerNode));
        report({ file: relativeFile(analysis, sf!.getFilePath()), line, column, messageId: 'adapterImport', data: { module } });
      }
    }
  },
});
