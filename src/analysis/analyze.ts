/** The static analysis entry: `analyze` finds every tool in files and folders without running code. */

import { resolve } from 'node:path';
import { ts, type SourceFile } from './ts-morph.cjs';
import { nameAiTools } from './ai-names.js';
import { Evaluator } from './evaluate.js';
import { calleeName, extractTool, position } from './extract.js';
import { extractAiTool, extractRegisterTool, extractServerTool, type LibraryContext } from './extract-library.js';
import { findFactoryCalls } from './factories.js';
import { FORM_CALL, LIBRARY_WORDS, libraryForm } from './library-forms.js';
import { findOwnAdapters, mayHoldAdapter, type OwnAdapter } from './own-adapters.js';
import { collectFiles, createAnalysisProject, displayPath, inSkippedFolder, ModuleResolver } from './project.js';
import { TOO_DEEP_MESSAGE, tryAddSourceFile } from './parse-depth.js';
import { scanRegistries } from './registries.js';
import { Scope } from './scope.js';
import { globList } from '../util/glob.js';
import { nearPath } from '../core/near-path.js';
import { sourceExtensionsText } from '../shared/source-extensions.js';
import type { Analysis, AnalyzeOptions, Diagnostic, ExtractedTool, ToolForm } from './types.js';
import { ZodReader } from './zod-static.js';
import { VersionResolver } from './library-versions.js';
import { SchemaModels } from './schema-model.js';

export type * from './types.js';

/** Thrown by {@link analyze} when a given path does not exist or is not a source file (the CLI maps it to exit 2). */
export class MissingPathError extends Error {
  override readonly name = 'MissingPathError';
  /**
   * @param paths the given paths that are not there, as given.
   * @param near for each of `paths` at the same index, the path likely meant (see `nearPath`), or undefined.
   */
  constructor(
    readonly paths: string[],
    readonly unsupported: string[] = [],
    readonly near: readonly (string | undefined)[] = [],
  ) {
    const shown = paths.map((p, i) => (near[i] === undefined ? p : `${p} (did you mean ${near[i]}?)`));
    const parts = [
      ...(paths.length ? [`no such file or folder: ${shown.join(', ')}`] : []),
      ...(unsupported.length ? [`not a ${sourceExtensionsText()} file: ${unsupported.join(', ')}`] : []),
    ];
    super(parts.join('; '));
  }
}

function parseDiagnostics(sf: ts.SourceFile): readonly ts.DiagnosticWithLocation[] {
  return (sf as unknown as { parseDiagnostics?: ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
}

/**
 * Statically extracts every tool defined in `paths` (files or folders, relative to
 * `options.cwd`) without running any code. A tool is a module-level call of `defineTool`
 * (or a `callees` name), identified by that call: re-exports and barrels never duplicate
 * it. Files reached through relative re-exports are analyzed too, and so are files that a
 * relative import reaches in a dot folder or `dist` under a given folder (`.lib/purge.ts`,
 * which the folder walk leaves out: the code the toolbox runs is read wherever it lies);
 * other imports are followed only to evaluate constants. Files matching `options.ignore` are left out before analysis
 * (see {@link AnalyzeOptions.ignore}) and listed in `ignoredFiles`.
 *
 * Values that cannot be known statically give a diagnostic (file:line:col, the field and
 * why) and the tool is left out. Duplicate names give a `duplicate-name` diagnostic on each
 * declaration; both tools stay in `tools` (export leaves both out). Tools are in file order
 * (the given order, folders sorted by path), then source order.
 *
 * @throws {MissingPathError} when a path does not exist or is a file of another kind.
 */
export function analyze(paths: string[], options: AnalyzeOptions = {}): Analysis {
  const cwd = resolve(options.cwd ?? process.cwd());
  const callees = new Set(['defineTool', ...(options.callees ?? [])]);
  const { files: found, missing, unsupported, unmatched, folders } = collectFiles(paths, cwd);
  if (missing.length > 0 || unsupported.length > 0)
    throw new MissingPathError(
      missing,
      unsupported,
      missing.map((p) => nearPath(p, resolve(cwd, p))),
    );
  const ignore = options.ignore?.length ? globList(options.ignore) : undefined;
  const ignoredFiles = new Set<string>();
  const ignored = (abs: string): boolean => {
    const shown = displayPath(abs, cwd);
    if (!ignore?.matches(shown)) return false;
    ignoredFiles.add(shown);
    return true;
  };
  const project = options.project ?? createAnalysisProject();
  const resolver = new ModuleResolver(project);
  const files = found.filter((f) => !ignored(f)).map((f) => resolver.canonical(f));
  const ev = new Evaluator(new Scope(resolver));
  const shown = new Map<ts.SourceFile, string>();
  const display = (sf: ts.SourceFile) => shown.get(sf) ?? shown.set(sf, displayPath(sf.fileName, cwd)).get(sf)!;
  const tools: ExtractedTool[] = [];
  const diagnostics: Diagnostic[] = [];
  const queue: SourceFile[] = [];
  for (const f of files) {
    const sf = project.getSourceFile(f) ?? tryAddSourceFile(project, f);
    if (!('tooDeep' in sf)) queue.push(sf);
    else diagnostics.push({ code: 'syntax-error', message: TOO_DEEP_MESSAGE, file: displayPath(f, cwd), ...sf.tooDeep });
  }
  const inQueue = new Set(queue);
  const toolByCall = new Map<ts.Node, ExtractedTool>();
  const factories = new Map<ts.Node, ts.CallExpression>();
  const calleeList = [...callees, ...LIBRARY_WORDS];
  const versions = new VersionResolver();
  const lib: LibraryContext = { ev, zod: new ZodReader(ev, versions), models: new SchemaModels(versions), display };
  const calls: Partial<Record<ToolForm, number>> = {};
  const aiCalls: ts.CallExpression[] = [];
  const mastraCalls: ts.CallExpression[] = [];
  const order = new Map<ExtractedTool, number>();
  const adapters: OwnAdapter[] = [];
  const keep = (tool: ExtractedTool | undefined, fileIndex: number, node: ts.Node) => {
    if (!tool) return;
    tools.push(tool);
    order.set(tool, fileIndex * 2 ** 32 + node.pos);
  };
  for (let i = 0; i < queue.length; i++) {
    const sf = queue[i]!.compilerNode;
    const follow = (specifier: string) => {
      const target = resolver.resolve(sf.fileName, specifier);
      if (target && !inQueue.has(target) && !ignored(target.getFilePath())) {
        inQueue.add(target);
        queue.push(target);
      }
    };
    for (const st of sf.statements)
      if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) follow(st.moduleSpecifier.text);
    // an import (static, `import('…')` or `require('…')`; relative, a tsconfig `paths` alias or a `#` import of
    // package.json) is followed only into a given folder's dot folder or dist, which the walk left out
    if (folders.length > 0)
      for (const { fileName } of ts.preProcessFile(sf.text, true, true).importedFiles) {
        const path = resolver.resolvePath(sf.fileName, fileName);
        if (path && folders.some((root) => inSkippedFolder(path, root))) follow(fileName);
      }
    const syntax = parseDiagnostics(sf);
    if (syntax.length > 0) {
      // the first parse error is the one to fix: the parser's later ones in the file mostly follow from it
      const d = syntax[0]!;
      const { line, character } = sf.getLineAndCharacterOfPosition(d.start);
      const message = ts.flattenDiagnosticMessageText(d.messageText, ' ').replace(/\.$/, '');
      const more = syntax.length - 1;
      const after =
        more === 0 ? '' : ` (and ${more} more parse error${more === 1 ? '' : 's'} after it in this file, most likely caused by it)`;
      diagnostics.push({
        code: 'syntax-error',
        message: `${message}${after}; tools in this file are left out`,
        file: display(sf),
        line: line + 1,
        column: character + 1,
      });
    } else {
      const hits = occurrences(sf.text, calleeList);
      // an own adapter's SDK calls build tools from ToolDefs: they are the adapter layer, not tools
      const own = mayHoldAdapter(sf.text) ? findOwnAdapters(sf) : undefined;
      own?.adapters.forEach((a, k) => adapters.push({ ...a, ...position(own.at[k]!, display(sf)) }));
      const visit = (n: ts.Node, fn: ts.Node | undefined, loop: ts.Node | undefined): void => {
        if (!containsHit(hits, n.pos, n.end)) return;
        if (ts.isCallExpression(n)) {
          const name = calleeName(n);
          const form = name !== undefined && callees.has(name) ? undefined : libraryForm(n);
          if (form && own?.sdkCalls.has(n)) {
            // counted as the adapter layer (analysis.adapters), never as a tool
          } else if (form) {
            calls[form] = (calls[form] ?? 0) + 1;
            if (loop && !fn) {
              const at = position(n, display(sf));
              diagnostics.push({
                code: 'not-static',
                message: `${FORM_CALL[form]}() is called inside a loop (line ${position(loop, display(sf)).line}), so how many tools it makes and their values are known only at runtime; the tools are left out`,
                ...at,
              });
            } else if (form === 'ai-tool') aiCalls.push(n);
            else if (form === 'mastra-createTool') mastraCalls.push(n);
            else {
              const r =
                form === 'mcp-registerTool' || form === 'mcp-registerToolTask'
                  ? extractRegisterTool(n, lib, form)
                  : extractServerTool(n, lib);
              keep(r.tool, i, n);
              if (r.diagnostic) diagnostics.push(r.diagnostic);
            }
          } else if (name !== undefined && callees.has(name)) {
            calls.defineTool = (calls.defineTool ?? 0) + 1;
            if (fn) {
              if (!factories.has(fn)) factories.set(fn, n);
            } else if (loop) {
              const at = position(n, display(sf));
              diagnostics.push({
                code: 'not-static',
                message: `${name}() is called inside a loop (line ${position(loop, display(sf)).line}), so how many tools it makes and their values are known only at runtime; the tools are left out`,
                ...at,
              });
            } else {
              const { tool, diagnostic } = extractTool(n, display, ev, lib.zod);
              if (tool) toolByCall.set(n, tool);
              keep(tool, i, n);
              if (diagnostic) diagnostics.push(diagnostic);
            }
          }
        }
        const inFn = ts.isFunctionLike(n) ? n : fn;
        const inLoop = !inFn && ts.isIterationStatement(n, false) ? n : loop;
        ts.forEachChild(n, (c) => visit(c, inFn, inLoop));
      };
      if (hits.length > 0) visit(sf, undefined, undefined);
    }
    options.onProgress?.(i + 1, queue.length);
  }
  const sourceFiles = queue;
  const compilerFiles = sourceFiles.map((s) => s.compilerNode);
  if (aiCalls.length > 0) {
    const fileIndex = new Map(compilerFiles.map((f, i) => [f, i]));
    for (const [call, naming] of nameAiTools(aiCalls, compilerFiles, ev.scope)) {
      // handed to a call or returned (`experimental_toolCaller(tool({...}), ...)`): no tool of a tool set by itself
      if ('handedOn' in naming) continue;
      if ('none' in naming) {
        diagnostics.push({
          code: 'not-static',
          message: `the tool() call at line ${position(call, display(call.getSourceFile())).line} has no name: ${naming.none}; the tool is left out`,
          ...position(call, display(call.getSourceFile())),
        });
        continue;
      }
      for (const { name, key } of naming.names) {
        const r = extractAiTool(call, 'ai-tool', name, lib, naming.variableName, key);
        keep(r.tool, fileIndex.get(key.getSourceFile()) ?? compilerFiles.length, key);
        if (r.diagnostic) diagnostics.push(r.diagnostic);
      }
    }
  }
  if (mastraCalls.length > 0) {
    // Mastra's MCPServer lists a tool under its key in the `tools` object; one never put in an object literal is named by its id
    const fileIndex = new Map(compilerFiles.map((f, i) => [f, i]));
    for (const [call, naming] of nameAiTools(mastraCalls, compilerFiles, ev.scope)) {
      const named = 'names' in naming ? naming.names : [];
      const uses = named.length > 0 ? named : [{ name: undefined, key: call }];
      for (const { name, key } of uses) {
        const r = extractAiTool(
          call,
          'mastra-createTool',
          name,
          lib,
          'variableName' in naming ? naming.variableName : undefined,
          name !== undefined ? key : undefined,
        );
        keep(r.tool, fileIndex.get(key.getSourceFile()) ?? compilerFiles.length, key);
        if (r.diagnostic) diagnostics.push(r.diagnostic);
      }
    }
  }
  tools.sort((a, b) => order.get(a)! - order.get(b)!);
  diagnostics.push(...findFactoryCalls(compilerFiles, factories, ev.scope, display, callees));
  // a registry entry that names a tool in a file with a syntax error is a consequence of that error
  const syntaxErrors = new Map(
    diagnostics.filter((d) => d.code === 'syntax-error').map((d) => [d.file, `${d.file}:${d.line}:${d.column}`]),
  );
  const registries = scanRegistries(
    compilerFiles,
    ev,
    toolByCall,
    display,
    (sf) => ignoredFiles.has(display(sf)),
    (sf) => syntaxErrors.get(display(sf)),
  );
  diagnostics.push(...duplicateDiagnostics(tools));
  return {
    project,
    sourceFiles,
    tools,
    diagnostics,
    registries,
    calls,
    adapters,
    modeled: lib.models.modeled,
    unmatchedGlobs: unmatched,
    ignoredFiles: [...ignoredFiles].sort(),
  };
}

/** Sorted start offsets of every occurrence of any of `words` in `text`. */
function occurrences(text: string, words: readonly string[]): number[] {
  const out: number[] = [];
  for (const w of words) for (let i = text.indexOf(w); i >= 0; i = text.indexOf(w, i + 1)) out.push(i);
  return out.sort((a, b) => a - b);
}

/** Whether a hit starts inside [start, end): only subtrees holding a callee's name are walked. */
function containsHit(hits: readonly number[], start: number, end: number): boolean {
  let lo = 0;
  let hi = hits.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (hits[mid]! < start) lo = mid + 1;
    else hi = mid;
  }
  return lo < hits.length && hits[lo]! < end;
}

function duplicateDiagnostics(tools: readonly ExtractedTool[]): Diagnostic[] {
  const byName = new Map<string, ExtractedTool[]>();
  for (const t of tools) byName.set(t.name, [...(byName.get(t.name) ?? []), t]);
  const out: Diagnostic[] = [];
  for (const [name, same] of byName) {
    if (same.length < 2) continue;
    for (const t of same) {
      const others = same.filter((o) => o !== t).map((o) => `${o.nameAt.file}:${o.nameAt.line}:${o.nameAt.column}`);
      out.push({
        code: 'duplicate-name',
        message: `tool name \`${name}\` is also defined at ${others.join(', ')}; tool names must be unique (never last-one-wins)`,
        ...t.nameAt,
        tool: name,
        field: 'name',
      });
    }
  }
  return out;
}

export { position };
