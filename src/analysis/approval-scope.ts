/** Which files' approval policies apply to an analyzed toolbox: the analyzed files, and the project's files that import them. */

import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs';
import { dirname, extname, join } from 'node:path';
import { approvalPoliciesIn, mayHoldApprovalPolicy, parseAlone, scriptKindOf, type CodeApprovalPolicy } from './approval-rules.js';
import { displayPath } from './project.js';
import { SourceResolver } from './source-resolver.js';
import { SOURCE_EXTENSIONS } from '../shared/source-extensions.js';
import { ts } from './ts-morph.cjs';
import type { Analysis } from './types.js';

/** Above this many source files a project is not searched for policies beyond the analyzed files (a monorepo's root). */
export const MAX_PROJECT_FILES = 5000;

const SKIP_DIRS = new Set(['node_modules', 'dist']);

/** The policies that apply to the toolbox, and the project folder that was too big to search, if one was. */
export interface CodeApprovalScan {
  policies: CodeApprovalPolicy[];
  tooBig?: string;
}

/**
 * The source files under `root` (`node_modules`, `dist`, dot folders, `.d.ts` and symbolic
 * links left out), or `undefined` when there are more than {@link MAX_PROJECT_FILES}.
 */
function projectFiles(root: string): string[] | undefined {
  const out: string[] = [];
  const dirs = [root];
  for (let dir = dirs.pop(); dir !== undefined; dir = dirs.pop()) {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      continue;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (!SKIP_DIRS.has(e.name) && !e.name.startsWith('.')) dirs.push(join(dir, e.name));
      } else if (e.isFile() && SOURCE_EXTENSIONS.includes(extname(e.name)) && !/\.d\.[mc]?ts$/.test(e.name)) {
        out.push(join(dir, e.name));
        if (out.length > MAX_PROJECT_FILES) return undefined;
      }
    }
  }
  return out.sort();
}

function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

/**
 * Every approval policy written in code that applies to the analyzed toolbox (see
 * `approvalPoliciesIn`): those in the analyzed files, then those in the other source files of
 * the project that import or re-export one of the analyzed files directly, as an agent's
 * `agent.ts` beside its tools folder does. The project is the folder of the nearest
 * package.json above each analyzed file, walked as the analysis walks a folder (`node_modules`,
 * `dist` and dot folders skipped); none above means the analyzed files only, and so does a
 * project of more than {@link MAX_PROJECT_FILES} source files (`tooBig` names it). A file with
 * a syntax error is left out; so is a file `ignored` names (by its path relative to `cwd`, as
 * the configuration's `ignore` does).
 */
export function codeApprovalPolicies(analysis: Analysis, cwd: string, ignored?: (file: string) => boolean): CodeApprovalScan {
  return approvalPoliciesAround(
    analysis.sourceFiles.map((s) => s.compilerNode),
    cwd,
    ignored,
  );
}

/**
 * {@link codeApprovalPolicies} for files given by path (as `ExportResult.sourceFiles` lists
 * them): each parsed on its own (declaration files and `node_modules` left out), for a caller
 * that holds no analysis (`diff`, which extracts through `exportTools`).
 */
export function codeApprovalPoliciesOfFiles(paths: readonly string[], cwd: string): CodeApprovalScan {
  const sources: ts.SourceFile[] = [];
  for (const path of paths) {
    if (/\.d\.[cm]?ts$/.test(path) || path.split(/[\\/]/).includes('node_modules')) continue;
    let text;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue;
    }
    sources.push(ts.createSourceFile(path, text, ts.ScriptTarget.ESNext, true, scriptKindOf(path)));
  }
  return approvalPoliciesAround(sources, cwd);
}

function approvalPoliciesAround(sources: readonly ts.SourceFile[], cwd: string, ignored?: (file: string) => boolean): CodeApprovalScan {
  const policies: CodeApprovalPolicy[] = [];
  const analyzed = new Set<string>();
  const roots = new Map<string, string | undefined>();
  for (const sf of sources) {
    analyzed.add(realPath(sf.fileName));
    const dir = dirname(sf.fileName);
    if (!roots.has(dir)) roots.set(dir, packageRoot(dir));
    const syntax = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
    if (syntax.length === 0 && mayHoldApprovalPolicy(sf.text)) policies.push(...approvalPoliciesIn(sf, displayPath(sf.fileName, cwd)));
  }
  const resolver = new SourceResolver();
  const seen = new Set<string>();
  let tooBig: string | undefined;
  for (const root of new Set([...roots.values()].filter((r) => r !== undefined))) {
    const files = projectFiles(root);
    if (!files) {
      tooBig = displayPath(root, cwd) || '.';
      continue;
    }
    for (const path of files) {
      if (seen.has(path) || ignored?.(displayPath(path, cwd))) continue;
      seen.add(path);
      let text;
      try {
        text = readFileSync(path, 'utf8');
      } catch {
        continue; // unreadable: not the toolbox's, which the analysis read
      }
      if (!mayHoldApprovalPolicy(text) || analyzed.has(realPath(path))) continue;
      const imports = ts.preProcessFile(text, true, true).importedFiles;
      if (!imports.some((i) => analyzed.has(realPath(resolver.resolveFile(path, i.fileName) ?? '')))) continue;
      const parsed = parseAlone(path, text, cwd);
      if (parsed) policies.push(...approvalPoliciesIn(parsed.sf, parsed.file));
    }
  }
  return { policies, ...(tooBig !== undefined ? { tooBig } : {}) };
}

/** The folder of the nearest package.json at or above `dir`, or `undefined`. */
function packageRoot(dir: string): string | undefined {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, 'package.json'))) return d;
    if (dirname(d) === d) return undefined;
  }
}
