/** Which library form a call is (`registerTool`, `server.tool`, `tool`, `createTool`), by syntax and imports only. */

import { ts } from './ts-morph.cjs';
import { packageImportOf } from './imports.js';
import type { ToolForm } from './types.js';

type LibraryForm = Exclude<ToolForm, 'defineTool'>;

/** Words whose presence in a file means it may hold a library form (a cheap filter before walking it). */
export const LIBRARY_WORDS = ['registerTool', '.tool(', 'tool(', 'Tool('] as const;

const AI_MODULES = new Set(['ai', '@ai-sdk/provider-utils']);

/**
 * Which library form a call is, by syntax and imports only:
 * - `<anything>.registerTool(...)`: the MCP SDK's `McpServer.registerTool`;
 * - `<anything>.registerToolTask(...)`: the MCP SDK's task tool,
 *   `server.experimental.tasks.registerToolTask(name, config, handler)` (same config, listed the same way);
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
    if (method === 'registerToolTask') return 'mcp-registerToolTask';
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
  'mcp-registerToolTask': 'registerToolTask',
  'mcp-tool': 'server.tool',
  'ai-tool': 'tool',
  'mastra-createTool': 'createTool',
};

/** How each form is counted in messages: `defineTool` or a library's call name. */
const FORM_WORD: Record<ToolForm, string> = { defineTool: 'defineTool', ...FORM_CALL };

/**
 * What an analysis saw, for a message about a folder: "12 registerTool calls, 1 tool call",
 * or `undefined` when it saw no call of any form.
 */
export function describeCalls(calls: Partial<Record<ToolForm, number>>): string | undefined {
  const parts = (Object.keys(FORM_WORD) as ToolForm[])
    .filter((f) => (calls[f] ?? 0) > 0)
    .map((f) => `${calls[f]} ${FORM_WORD[f]} call${calls[f] === 1 ? '' : 's'}`);
  return parts.length > 0 ? parts.join(', ') : undefined;
}

/**
 * The layout an analysis looked at: `agent-tools` when it holds `defineTool` calls (the
 * layout the architecture checks describe), `library` when it holds only calls of other
 * libraries' forms, `none` when it holds no tool call at all.
 */
export function layoutOf(calls: Partial<Record<ToolForm, number>>): 'agent-tools' | 'library' | 'none' {
  if ((calls.defineTool ?? 0) > 0) return 'agent-tools';
  return describeCalls(calls) ? 'library' : 'none';
}
