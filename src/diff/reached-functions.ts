/** The project functions each tool's `execute` runs, followed through calls, for `diff` to see a safe tool run a guarded one's code. */

import { relative, resolve, sep } from 'node:path';
import { ts } from '../analysis/ts-morph.cjs';

/**
 * A function of the project a tool's `execute` reaches: its name, file (relative to the project, `/`-separated) and
 * the text of its declaration, by which it is the same function after its file is renamed or moved (see `sameFunction`).
 */
export interface ReachedFunction {
  name: string;
  file: string;
  text: string;
}

/**
 * Whether `fn` (the head's) is a function the base's reach `before` holds: one of the same name in the same file
 * (edited in place or not), or one of the same name and text in another file (its file renamed or moved, which
 * changes nothing a tool does).
 */
export function sameFunction(fn: ReachedFunction, before: ReadonlyMap<string, ReachedFunction>): boolean {
  for (const b of before.values()) if (b.name === fn.name && (b.file === fn.file || b.text === fn.text)) return true;
  return false;
}

/** How many calls deep the reach is followed from `execute`: a helper of a helper of a helper of a helper. */
const DEPTH = 4;

/** The function a declaration gives, when it is one with a body: `function f() {}`, `const f = () => ...`, `const f = function () {}`. */
function functionOf(decl: ts.Declaration): { node: ts.Node; name: string } | undefined {
  if (ts.isFunctionDeclaration(decl) && decl.body && decl.name) return { node: decl.body, name: decl.name.text };
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer) {
    let init = decl.initializer;
    while (ts.isParenthesizedExpression(init) || ts.isAsExpression(init) || ts.isSatisfiesExpression(init)) init = init.expression;
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { node: init.body, name: decl.name.text };
  }
  return undefined;
}

/** The `execute` of the tool defined by the call at `pos` (its object literal argument's property or method), as a node to walk. */
function executeAt(sf: ts.SourceFile, pos: number): ts.Node | undefined {
  const inner = (n: ts.Node): ts.Node => n.getChildren(sf).find((c) => c.getStart(sf) <= pos && pos < c.getEnd()) ?? n;
  let node: ts.Node = sf;
  for (let next = inner(node); next !== node; next = inner(node)) node = next;
  for (let n: ts.Node | undefined = node; n; n = n.parent) {
    if (!ts.isCallExpression(n)) continue;
    for (const arg of n.arguments) {
      if (!ts.isObjectLiteralExpression(arg)) continue;
      const prop = arg.properties.find((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'execute');
      if (prop && ts.isMethodDeclaration(prop)) return prop.body;
      if (prop && ts.isPropertyAssignment(prop)) return prop.initializer;
    }
  }
  return undefined;
}

/**
 * For each tool (name, file relative to `cwd`, 1-based line and column of its definition's call), the functions of
 * the project its `execute` runs: each call in its body of a function declared in `sourceFiles` (a function
 * declaration or a `const` holding an arrow or function expression, also imported by a relative path, resolved by
 * the type checker through import aliases), then the calls in those, up to four calls deep. Files outside
 * `sourceFiles` (node_modules, agent-tools) are not followed. A function is keyed by `file#name`, which stays the
 * same when code moves within a file; across files (a renamed one) compare with `sameFunction`. A tool whose
 * `execute` cannot be found reaches nothing.
 */
export function reachedFunctions(
  tools: readonly { name: string; file: string; line: number; column: number }[],
  sourceFiles: readonly string[],
  cwd: string,
): Map<string, Map<string, ReachedFunction>> {
  const program = ts.createProgram([...sourceFiles], {
    allowJs: true,
    noLib: true,
    noResolve: true,
    noEmit: true,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    target: ts.ScriptTarget.ESNext,
  });
  const checker = program.getTypeChecker();
  const own = new Set(sourceFiles.map((f) => resolve(f)));
  const shown = (file: string) => relative(cwd, file).split(sep).join('/');
  /** The project functions called in `body`, by key. */
  const calledIn = (body: ts.Node): Map<string, { node: ts.Node; fn: ReachedFunction }> => {
    const out = new Map<string, { node: ts.Node; fn: ReachedFunction }>();
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        for (const decl of symbol?.declarations ?? []) {
          const file = decl.getSourceFile().fileName;
          const fn = own.has(resolve(file)) && !file.includes('/node_modules/') ? functionOf(decl) : undefined;
          const text = decl.getSourceFile().text.slice(decl.getStart(), decl.getEnd());
          if (fn) out.set(`${shown(file)}#${fn.name}`, { node: fn.node, fn: { name: fn.name, file: shown(file), text } });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(body);
    return out;
  };
  const reaches = new Map<string, Map<string, ReachedFunction>>();
  for (const tool of tools) {
    const reached = new Map<string, ReachedFunction>();
    reaches.set(tool.name, reached);
    const sf = program.getSourceFile(resolve(cwd, tool.file));
    if (!sf) continue;
    const execute = executeAt(sf, sf.getPositionOfLineAndCharacter(tool.line - 1, tool.column - 1));
    let level = execute ? [execute] : [];
    for (let depth = 0; depth < DEPTH && level.length > 0; depth++) {
      const next: ts.Node[] = [];
      for (const body of level)
        for (const [key, { node, fn }] of calledIn(body)) {
          if (reached.has(key)) continue;
          reached.set(key, fn);
          next.push(node);
        }
      level = next;
    }
  }
  return reaches;
}
