/** Imports a user's TypeScript or JavaScript module in this thread, compiling TypeScript with `transpileModule`. */

import { readFileSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { EnvironmentError } from '../shared/errors.js';
import { SourceResolver } from './source-resolver.js';
import { typescript } from './typescript.js';

/** The files the loader compiles: TypeScript sources (`.tsx` with the React JSX transform). */
const TS_FILE = /\.(?:ts|mts|cts|tsx)$/;
const NOT_FOUND = new Set(['ERR_MODULE_NOT_FOUND', 'MODULE_NOT_FOUND', 'ERR_UNSUPPORTED_DIR_IMPORT']);
const inNodeModules = (path: string) => path.includes(`${sep}node_modules${sep}`);

/** A TypeScript source that does not parse; `message` is `<absolute path>:<line>:<column>: <TypeScript's text>` (1-based). */
export class ModuleSyntaxError extends SyntaxError {
  constructor(
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly text: string,
  ) {
    super(`${file}:${line}:${column}: ${text}`);
    this.name = 'ModuleSyntaxError';
  }
}

const typeByDir = new Map<string, string | undefined>();

/** The `type` of the nearest package.json above `dir` (cached per folder). */
function packageType(dir: string): string | undefined {
  if (typeByDir.has(dir)) return typeByDir.get(dir);
  let type: string | undefined;
  let found: boolean;
  try {
    type = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { type?: string }).type;
    found = true;
  } catch {
    found = false;
  }
  const parent = dirname(dir);
  if (!found && parent !== dir) type = packageType(parent);
  typeByDir.set(dir, type);
  return type;
}

/**
 * How Node runs a TypeScript file, by Node's own rule for its JavaScript twin: `.mts` is an ES
 * module, `.cts` CommonJS, `.ts`/`.tsx` an ES module when the nearest package.json says
 * `"type": "module"`, else CommonJS (its `import`/`export` become `require`/`exports`).
 */
function formatOf(path: string): 'module' | 'commonjs' {
  if (path.endsWith('.mts')) return 'module';
  if (path.endsWith('.cts')) return 'commonjs';
  return packageType(dirname(path)) === 'module' ? 'module' : 'commonjs';
}

/**
 * `source` as JavaScript, by TypeScript's `transpileModule` (one file at a time, as
 * `isolatedModules`): types and type-only imports removed (an import used only as a type
 * included, as tsc does), enums, namespaces, parameter properties and decorators compiled; an
 * inline source map, so stack traces name the `.ts` lines.
 * @throws {ModuleSyntaxError} at the first syntax error.
 */
export function compileTypeScript(source: string, path: string, format: 'module' | 'commonjs'): string {
  const ts = typescript();
  const out = ts.transpileModule(source, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: {
      module: format === 'module' ? ts.ModuleKind.ESNext : ts.ModuleKind.CommonJS,
      target: ts.ScriptTarget.ES2022,
      esModuleInterop: true,
      jsx: ts.JsxEmit.ReactJSX,
      inlineSourceMap: true,
    },
  });
  const error = out.diagnostics?.find((d) => d.category === ts.DiagnosticCategory.Error && d.file && d.start !== undefined);
  if (error) {
    const { line, character } = error.file!.getLineAndCharacterOfPosition(error.start!);
    throw new ModuleSyntaxError(path, line + 1, character + 1, ts.flattenDiagnosticMessageText(error.messageText, ' '));
  }
  return out.outputText;
}

const resolver = new SourceResolver();

function registerTypeScriptHooks(): void {
  process.setSourceMapsEnabled(true);
  nodeModule.registerHooks({
    // Node's own resolution first; where it finds nothing, the TypeScript project's rule: `./x.js`
    // for `./x.ts`, `./x` without an extension or for `./x/index.ts`, tsconfig `paths`, package.json `imports`.
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (err) {
        const parent = context.parentURL?.startsWith('file:') ? fileURLToPath(context.parentURL) : undefined;
        if (!parent || inNodeModules(parent) || !NOT_FOUND.has((err as { code?: string }).code ?? '')) throw err;
        const found = resolver.resolveFile(parent, specifier);
        if (!found) throw err;
        return { url: pathToFileURL(found).href, shortCircuit: true };
      }
    },
    // The project's own TypeScript files (not those of packages in node_modules), compiled in this thread.
    load(url, context, nextLoad) {
      if (!url.startsWith('file:')) return nextLoad(url, context);
      const path = fileURLToPath(url);
      if (!TS_FILE.test(path) || inNodeModules(path)) return nextLoad(url, context);
      const format = formatOf(path);
      return { format, source: compileTypeScript(readFileSync(path, 'utf8'), path, format), shortCircuit: true };
    },
  });
}

let registered = false;

/**
 * Imports a user's module (TypeScript or JavaScript) from `path` with Node's own module loader,
 * in this thread, and returns its namespace. TypeScript is compiled on the way by in-thread hooks
 * (`module.registerHooks`, Node.js 22.15 or newer), registered on the first call, which apply to
 * the module's own imports and requires too: see {@link compileTypeScript}, and for specifiers
 * Node does not resolve, {@link SourceResolver}. Packages in node_modules load as Node loads them.
 *
 * @throws {EnvironmentError} on a Node.js without `module.registerHooks` (older than 22.15) when
 *   the module is TypeScript.
 * @throws {ModuleSyntaxError} when a TypeScript file does not parse; any error of the module's own evaluation or imports as it is.
 */
export async function importModule(path: string): Promise<Record<string, unknown>> {
  if (!registered) {
    if (typeof nodeModule.registerHooks === 'function') {
      registerTypeScriptHooks();
      registered = true;
    } else if (TS_FILE.test(path))
      throw new EnvironmentError(
        `running a TypeScript module needs Node.js 22.15 or newer (module.registerHooks); this is Node.js ${process.version}: upgrade Node.js, or compile ${path} to JavaScript`,
      );
  }
  // CommonJS TypeScript is required, not imported: Node 22's import() of CommonJS source from a
  // hook cannot require an ES module such as agent-tools ("module not been linked")
  if (registered && TS_FILE.test(path) && formatOf(path) === 'commonjs') return commonJsNamespace(requireHere(path));
  return (await import(pathToFileURL(path).href)) as Record<string, unknown>;
}

const requireHere = nodeModule.createRequire(import.meta.url);

/** What `import()` gives for a CommonJS module: its exports by name (without `__esModule`), and the whole `module.exports` as `default`. */
function commonJsNamespace(exports: unknown): Record<string, unknown> {
  if (typeof exports !== 'object' || exports === null) return { default: exports };
  const { __esModule: _marker, ...named } = exports as Record<string, unknown>;
  // a namespace lists its keys sorted by code unit, as import() would
  return Object.fromEntries(Object.entries({ ...named, default: exports }).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
