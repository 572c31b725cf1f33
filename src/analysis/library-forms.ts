import { ts } from 'ts-morph';
import { packageImportOf } from './imports.js';
import type { ToolForm } from './types.js';

type LibraryForm = Exclude<ToolForm, 'defineTool'>;

/** Words whose presence in a file means it may hold a library form (a cheap filter before walking it). */
export const LIBRARY_WORDS = ['registerTool', '.tool(', 'tool(', 'Tool('] as const;

const AI_MODULES = new Set(['ai', '@ai-sdk/provider-utils']);

/**
 * Which library form a call is, by syntax and imports only:
 * - `<anything>.registerTool(...)`: the MCP SDK's `McpServer.registerTool`;
 * - `<x>.tool(name, ...)` with at least two arguments, `x` not a namespace import of `ai`:
 *   the MCP SDK's older `McpServer.tool`;
 * - `tool(...)`/`dynamicTool(...)` imported from `ai` (or `@ai-sdk/provider-utils`), also as
 *   `ai.tool(...)` on a namespace import;
 * - `createTool(...)` imported from a `@mastra/` package.
 */
export function libraryForm(call: ts.CallExpression): LibraryForm | undefined {
  const c = call.expression;
  if (ts.isPropertyAccessExpression(c) && ts.isIdentifier(c.name)) {
    const method = c.name.text;
    const ns = ts.isIdentifier(c.expression) ? packageImportOf(c.expression) : undefined;
    if (ns?.imported === '*' && AI_MODULES.has(ns.module)) return method === 'tool' || method === 'dynamicTool' ? 'ai-tool' : undefined;
    if (ns?.imported === '*' && ns.module.startsWith('@mastra/')) return method === 'createTool' ? 'mastra-createTool' : undefined;
    if (method === 'registerTool') return 'mcp-registerTool';
    if (method === 'tool' && call.arguments.length >= 2) return 'mcp-tool';
    return undefined;
  }
  if (!ts.isIdentifier(c)) return undefined;
  const imp = packageImportOf(c);
  if (!imp) return undefined;
  if (AI_MODULES.has(imp.module) && (imp.imported === 'tool' || imp.imported === 'dynamicTool')) return 'ai-tool';
  if (imp.module.startsWith('@mastra/') && imp.imported === 'createTool') return 'mastra-createTool';
  return undefined;
}

/** How a form is named in messages: `registerTool`, `server.tool`, `tool`, `createTool`. */
export const FORM_CALL: Record<LibraryForm, string> = {
  'mcp-registerTool': 'registerTool',
  'mcp-tool': 'server.tool',
  'ai-tool': 'tool',
  'mastra-createTool': 'createTool',
};
