/** The `schema-layer` check: tools are built on a schema layer. */

import { moduleSpecifierOf } from '../../analysis/module-specifier.js';
import type { SourceFile } from 'ts-morph';
import { ModuleResolver } from '../../analysis/project.js';
import { exportedNames, position, relativeFile, sourceFileOf } from '../ast.js';
import { requireBindingsOf } from '../../analysis/commonjs.js';
import type { Analysis } from '../../analysis/types.js';
import { defineCheck } from '../define-check.js';

type Place = { file: string; line: number; column: number };

const SCHEMA_NAMES = ['ParamDef', 'ToolDef', 'defineTool'] as const;

/**
 * Where `defineTool` comes from in `sf`, with the place of the statement that brings it:
 * `import { defineTool } from 'm'`, a namespace import used as `ns.defineTool(...)`, or in
 * CommonJS `const { defineTool } = require('m')` and `const ns = require('m')` used as
 * `ns.defineTool(...)`. `undefined` when nothing imports it.
 */
function defineToolSource(analysis: Analysis, sf: SourceFile): { module: string | undefined; at: Place } | undefined {
  const text = sf.getFullText();
  const imp = sf
    .getImportDeclarations()
    .find(
      (d) =>
        d.getNamedImports().some((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === 'defineTool') ||
        (d.getNamespaceImport() !== undefined && text.includes(`${d.getNamespaceImport()!.getText()}.defineTool(`)),
    );
  if (imp) return { module: moduleSpecifierOf(imp.compilerNode), at: position(analysis, imp) };
  const required = requireBindingsOf(sf.compilerNode).find(
    (b) => (b.local === 'defineTool' && b.imported === 'defineTool') || (b.imported === '*' && text.includes(`${b.local}.defineTool(`)),
  );
  if (!required) return undefined;
  const { line, column } = sf.getLineAndColumnAtPos(required.decl.getStart(sf.compilerNode));
  return { module: required.module, at: { file: relativeFile(analysis, sf.getFilePath()), line, column } };
}

function missingNames(sf: SourceFile | undefined, resolver: ModuleResolver): string[] {
  // `export * from './schema/tool.js'` chains count: a schema module may be a barrel
  const exported = sf ? exportedNames(sf, (from, spec) => resolver.resolve(from.getFilePath(), spec)) : new Set<string>();
  return exported.has('*') ? [] : SCHEMA_NAMES.filter((n) => !exported.has(n));
}

/**
 * Tools are built on a schema layer: `defineTool` is imported (or, in CommonJS, required) from
 * `agent-tools`, or from a local module that defines (exports) `ParamDef`, `ToolDef` and
 * `defineTool`, itself or through `export * from` chains.
 */
export default defineCheck({
  id: 'schema-layer',
  title: 'Tools are built on a schema layer',
  scope: 'architecture',
  severity: 'error',
  docs: {
    summary:
      'The schema layer is the one place that says what a tool and a param are: `ParamDef`, `ToolDef` and `defineTool`. Import `defineTool` from `agent-tools`, or from your own module (for example `schema.ts`) that exports all three (itself or through `export * from` chains), so every tool shares the same rules and converters. A `defineTool` that comes from anywhere else is a second, drifting definition of what a tool is.',
    failing: `// @file tools/helpers.ts
export function defineTool<T>(def: T): T { return def; }
// @file tools/tools.ts
import { defineTool } from './helpers';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });`,
    passing: `// @file tools/tools.ts
import { defineTool } from 'agent-tools';
export const getFont = defineTool({ name: 'get_font', description: 'Returns the font family of a text node.', mutates: false, params: {}, execute: () => ({}) });`,
  },
  messages: {
    notSchemaLayer: 'defineTool comes from "{{module}}", which does not export {{missing}}.',
    noImport: 'defineTool is not imported in this file; it must come from agent-tools or a schema module.',
  },
  hints: {
    notSchemaLayer: 'Import defineTool from \'agent-tools\', or export ParamDef, ToolDef and defineTool from "{{module}}".',
    noImport: "Add `import { defineTool } from 'agent-tools'`.",
  },
  run({ analysis, report }) {
    const resolver = new ModuleResolver(analysis.project);
    const files = new Set(analysis.tools.filter((t) => t.callee === 'defineTool').map((t) => t.file));
    for (const file of files) {
      const sf = sourceFileOf(analysis, file);
      if (!sf) continue;
      const imp = defineToolSource(analysis, sf);
      if (!imp) {
        const local = sf.getFunction('defineTool') ?? sf.getVariableDeclaration('defineTool');
        const missing = missingNames(sf, resolver);
        if (!local) report({ file, line: 1, column: 1, messageId: 'noImport' });
        else if (missing.length > 0)
          report({ ...position(analysis, local), messageId: 'notSchemaLayer', data: { module: file, missing: missing.join(', ') } });
        continue;
      }
      const { module } = imp;
      if (module === undefined || module === 'agent-tools') continue;
      const missing = missingNames(resolver.resolve(sf.getFilePath(), module), resolver);
      if (missing.length > 0) report({ ...imp.at, messageId: 'notSchemaLayer', data: { module, missing: missing.join(', ') } });
    }
  },
});
