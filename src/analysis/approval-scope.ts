/** Which files' approval policies apply to an analyzed toolbox: the analyzed files, and the project's files that import them. */

import { approvalPoliciesIn, mayHoldApprovalPolicy, parseAlone, parseFilesAlone, type CodeApprovalPolicy } from './approval-rules.js';
import { displayPath } from './project.js';
import { importingFiles } from './importers.js';
import { ts } from './ts-morph.cjs';
import type { Analysis } from './types.js';

/** The policies that apply to the toolbox, and the project folder that was too big to search, if one was. */
export interface CodeApprovalScan {
  policies: CodeApprovalPolicy[];
  tooBig?: string;
}

/**
 * Every approval policy written in code that applies to the analyzed toolbox (see
 * `approvalPoliciesIn`): those in the analyzed files, then those in the other source files of
 * the project that import or re-export one of the analyzed files, directly as an agent's
 * `agent.ts` beside its tools folder does or through other files that do (see `importingFiles`: none without a package.json
 * above the analyzed files, none in a project of more than `MAX_PROJECT_FILES` source
 * files, which `tooBig` names). A file with a syntax error is left out; so is a file `ignored`
 * names (by its path relative to `cwd`, as the configuration's `ignore` does).
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
  return approvalPoliciesAround(parseFilesAlone(paths), cwd);
}

function approvalPoliciesAround(sources: readonly ts.SourceFile[], cwd: string, ignored?: (file: string) => boolean): CodeApprovalScan {
  const policies: CodeApprovalPolicy[] = [];
  for (const sf of sources) {
    const syntax = (sf as unknown as { parseDiagnostics?: unknown[] }).parseDiagnostics ?? [];
    if (syntax.length === 0 && mayHoldApprovalPolicy(sf.text)) policies.push(...approvalPoliciesIn(sf, displayPath(sf.fileName, cwd)));
  }
  const { files, tooBig } = importingFiles(sources, cwd, mayHoldApprovalPolicy, ignored);
  for (const { path, text } of files) {
    const parsed = parseAlone(path, text, cwd);
    if (parsed) policies.push(...approvalPoliciesIn(parsed.sf, parsed.file));
  }
  return { policies, ...(tooBig !== undefined ? { tooBig } : {}) };
}
