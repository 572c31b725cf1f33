/** Syntax helpers of the checks: paths relative to the run, 1-based positions, a file's exported names. */

import { moduleSpecifierOf } from '../analysis/module-specifier.js';
import { commonJsExports, requiredModule } from '../analysis/commonjs.js';
import { relative, sep } from 'node:path';
import type { Node, SourceFile } from 'ts-morph';
import type { Analysis } from '../analysis/types.js';

const cwdOf = new WeakMap<Analysis, string>();

/** Records the working directory findings are relative to (set once per run by the runner). */
export function setAnalysisCwd(analysis: Analysis, cwd: string): void {
  cwdOf.set(analysis, cwd);
}

/** A file path relative to the run's working directory, with `/` separators. */
export function relativeFile(analysis: Analysis, absolute: string): string {
  const rel = relative(cwdOf.get(analysis) ?? process.cwd(), absolute);
  return sep === '/' ? rel : rel.split(sep).join('/');
}

/** The 1-based `file`, `line`, `column` of `node`'s first character (after leading trivia). */
export function position(analysis: Analysis, node: Node): { file: string; line: number; column: number } {
  const sf = node.getSourceFile();
  const { line, column } = sf.getLineAndColumnAtPos(node.getStart());
  return { file: relativeFile(analysis, sf.getFilePath()), line, column };
}

/** The analyzed source file for a `file` path relative to the run's working directory. */
export function sourceFileOf(analysis: Analysis, file: string): SourceFile | undefined {
  let byFile = filesOf.get(analysis);
  if (!byFile) {
    byFile = new Map(analysis.sourceFiles.map((sf) => [relativeFile(analysis, sf.getFilePath()), sf]));
    filesOf.set(analysis, byFile);
  }
  return byFile.get(file);
}

const filesOf = new WeakMap<Analysis, Map<string, SourceFile>>();

/**
 * The names `sf` exports, read from syntax alone (no type checker): exported declarations
 * and `export { ... }` lists, and in CommonJS the names of `module.exports = { ... }` and
 * `exports.x = ...`. Contains `'*'` when the file re-exports all of `agent-tools`
 * (`export * from 'agent-tools'`, `module.exports = require('agent-tools')`).
 * With `resolve`, `export * from './x.js'` chains are followed (each file once) and their names added.
 */
export function exportedNames(
  sf: SourceFile,
  resolve?: (from: SourceFile, specifier: string) => SourceFile | undefined,
  seen = new Set<SourceFile>(),
): Set<string> {
  const names = new Set<string>();
  seen.add(sf);
  for (const d of [...sf.getFunctions(), ...sf.getInterfaces(), ...sf.getTypeAliases(), ...sf.getClasses(), ...sf.getEnums()]) {
    const name = d.getName();
    if (name && d.isExported()) names.add(name);
  }
  for (const st of sf.getVariableStatements()) if (st.isExported()) for (const d of st.getDeclarations()) names.add(d.getName());
  for (const ed of sf.getExportDeclarations()) {
    const module = moduleSpecifierOf(ed.compilerNode);
    const star = ed.isNamespaceExport() && ed.getNamespaceExport() === undefined;
    if (star && module === 'agent-tools') names.add('*');
    else if (star && module !== undefined && resolve) {
      const target = resolve(sf, module);
      if (target && !seen.has(target)) for (const n of exportedNames(target, resolve, seen)) names.add(n);
    }
    const ns = ed.getNamespaceExport();
    if (ns) names.add(ns.getName());
    for (const spec of ed.getNamedExports()) names.add((spec.getAliasNode() ?? spec.getNameNode()).getText());
  }
  const cjs = commonJsExports(sf.compilerNode);
  for (const name of cjs.names.keys()) names.add(name);
  if (requiredModule(cjs.whole) === 'agent-tools') names.add('*');
  return names;
}
