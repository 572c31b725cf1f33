/** Adapters created outside the analyzed files, in the project's files that import them (an agent's `agent.ts` beside its tools folder). */

import { ADAPTER_FACTORIES, isOwnFunction } from './adapter-factories.js';
import { parseAlone } from './approval-rules.js';
import { importingFiles } from './importers.js';
import { findOwnAdapters, mayHoldAdapter } from './own-adapters.js';
import { ts } from './ts-morph.cjs';
import type { Analysis } from './types.js';

const FACTORIES: readonly string[] = ADAPTER_FACTORIES;

/** One adapter found in a file that imports the analyzed files. */
export interface ImportingAdapter {
  /** The factory called (`toolsToAI`) or the toolbox's own adapter function's name. */
  name: string;
  /** Relative to `cwd`, with `/` separators. */
  file: string;
  /** 1-based position of the call (or of the own adapter function). */
  line: number;
  column: number;
}

/** What {@link importingAdapters} found, and why it searched no project when it did not. */
export interface ImportingAdapterScan {
  adapters: ImportingAdapter[];
  /** A project folder too big to search (see `importingFiles`). */
  tooBig?: string;
  /** No package.json above the analyzed files: no project was searched. */
  noProject?: boolean;
}

/**
 * The adapters created in the project's files that import or re-export an analyzed file,
 * directly or through other files that do (`.agent/mcp.ts` importing a `.agent/reg.ts` that
 * re-exports the registry), the same files whose approval policies apply (see `importingFiles` for which, and
 * when none are searched): a call of one of our factories (`toolsToAI(registry, ...)`, not a
 * function of the file's own of that name) or the toolbox's own adapter function (see
 * `findOwnAdapters`). A file with a syntax error is left out, as is one `ignored` names.
 */
export function importingAdapters(analysis: Analysis, cwd: string, ignored?: (file: string) => boolean): ImportingAdapterScan {
  const scan = importingFiles(
    analysis.sourceFiles.map((s) => s.compilerNode),
    cwd,
    (text) => FACTORIES.some((f) => text.includes(f)) || mayHoldAdapter(text),
    ignored,
  );
  const adapters: ImportingAdapter[] = [];
  for (const { path, text } of scan.files) {
    const parsed = parseAlone(path, text, cwd);
    if (!parsed) continue;
    const { sf, file } = parsed;
    const at = (node: ts.Node, name: string) => {
      const { line, character } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
      adapters.push({ name, file, line: line + 1, column: character + 1 });
    };
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        const callee = n.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) ? callee.name.text : '';
        if (FACTORIES.includes(name) && !(ts.isIdentifier(callee) && isOwnFunction(sf, name))) at(n, name);
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
    const own = findOwnAdapters(sf);
    own.adapters.forEach((a, i) => at(own.at[i]!, a.name));
  }
  return { adapters, ...(scan.tooBig !== undefined ? { tooBig: scan.tooBig } : {}), ...(scan.noProject ? { noProject: true } : {}) };
}
