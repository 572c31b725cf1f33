/** The `define-tool` check: tools are defineTool calls known statically. */

import { Node, SyntaxKind } from '../../analysis/ts-morph.cjs';
import { defineCheck } from '../define-check.js';
import { position } from '../ast.js';
import { TOOL_KEYS } from '../../core/tool-keys.js';
import { docsPage } from '../../shared/docs-page.js';

/** Diagnostic codes other checks own (reported there, not twice). */
const OWNED_ELSEWHERE = new Set(['duplicate-name']);

/**
 * Every tool is a `defineTool` call whose definition is statically known. The extractor's
 * diagnostics (a value that needs running code, a factory call, a syntax error, a key a tool
 * definition does not have) appear
 * here at their position, and so does a bare object literal typed as `ToolDef`, which
 * skips the checks `defineTool` runs.
 */
export default defineCheck({
  id: 'define-tool',
  title: 'Tools are defineTool calls known statically',
  scope: 'tool',
  severity: 'error',
  docs: {
    summary:
      'A tool is a `defineTool({...})` call, so the definition rules run when the module loads, and its fields are literal values (or constants), so `export` and `validate` can read them without running code. A key a tool definition does not have (`needsAproval: true`, `mutate: true`) is an error: `defineTool` throws on it, since a misspelt safety key would otherwise be ignored and the tool would run without approval. A bare object literal typed as `ToolDef` skips those rules; a field computed at run time (a call result, a `let`, a factory parameter) cannot be exported. Files with syntax errors are reported here too; the other files are still checked.',
    failing: `import type { ToolDef } from 'agent-tools';
export const setFont: ToolDef = { name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) };`,
    passing: `import { defineTool } from 'agent-tools';
export const setFont = defineTool({ name: 'set_font', description: 'Sets the font family of a text node.', mutates: true, params: {}, execute: () => ({}) });`,
  },
  messages: {
    diagnostic: '{{message}}',
    missingField: '{{message}}',
    unknownKey: '{{message}}',
    syntaxError: 'Syntax error: {{message}}',
    factoryCall: '{{message}}',
    noTools: '{{message}}.',
    bareObject: '"{{name}}" is an object literal typed as ToolDef; it is not checked by defineTool and is not extracted.',
  },
  hints: {
    syntaxError: 'Fix the syntax error; the other files are still checked.',
    factoryCall: 'Call defineTool directly, or pass the factory name with --callee if its arguments are the definition.',
    noTools: `Point validate at the folder that holds the tools; tools written with the MCP SDK, the AI SDK or Mastra are read too (${docsPage('bring-your-own-tools.md')}).`,
    diagnostic: 'Use literal values or constants for tool fields, so the definition can be read without running code.',
    missingField: 'A tool needs `name`, `description` and `params` (or `input`) in the defineTool call.',
    unknownKey: `Fix the key's spelling or remove it; a tool definition has ${TOOL_KEYS.join(', ')}.`,
    bareObject: 'Wrap it: `defineTool({ ... })`.',
  },
  run({ analysis, report }) {
    for (const d of analysis.diagnostics) {
      if (OWNED_ELSEWHERE.has(d.code)) continue;
      const messageId =
        d.code === 'syntax-error'
          ? 'syntaxError'
          : d.code === 'factory-call'
            ? 'factoryCall'
            : d.code === 'no-tools'
              ? 'noTools'
              : d.code === 'missing-field'
                ? 'missingField'
                : d.code === 'unknown-key'
                  ? 'unknownKey'
                  : 'diagnostic';
      report({ file: d.file, line: d.line, column: d.column, messageId, data: { code: d.code, message: d.message } });
    }
    for (const sf of analysis.sourceFiles) {
      if (!sf.getFullText().includes('ToolDef')) continue;
      for (const decl of sf.getDescendantsOfKind(SyntaxKind.VariableDeclaration)) {
        const type = decl.getTypeNode();
        const init = decl.getInitializer();
        if (!type || !init || !Node.isObjectLiteralExpression(init)) continue;
        if (!/^(?:[\w$]+\.)?ToolDef\b/.test(type.getText())) continue;
        report({ ...position(analysis, decl), messageId: 'bareObject', data: { name: decl.getName() } });
      }
    }
  },
});
