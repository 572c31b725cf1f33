/** The project functions a tool's `execute` is or runs, followed through calls: does a safe tool run a guarded one's code. */

import { relative, resolve, sep } from 'node:path';
import { ts } from './ts-morph.cjs';

/**
 * A function of the project a tool's `execute` reaches: its name, file (relative to the project, `/`-separated), the
 * text of its declaration, and that text with the name left out (`shape`), by which it is the same function after its
 * file is renamed or moved, or after it is renamed (see `sameFunction`). `isExecute`: the tool hands it over as its
 * `execute` itself (`execute: removeNote`), rather than calling it.
 */
export interface ReachedFunction {
  name: string;
  file: string;
  text: string;
  shape: string;
  isExecute?: true;
}

/**
 * Whether `fn` (the head's) is a function the base's reach `before` holds: one of the same name in the same file
 * (edited in place or not), or one of the same text with the name left out, in any file (a function renamed, its file
 * renamed or moved, all call sites updated, which changes nothing a tool does).
 */
export function sameFunction(fn: ReachedFunction, before: ReadonlyMap<string, ReachedFunction>): boolean {
  for (const b of before.values()) if ((b.name === fn.name && b.file === fn.file) || b.shape === fn.shape) return true;
  return false;
}

/** `text` with its white space and semicolons left out, for telling the same code written over other lines. */
const squeezed = (text: string) => text.replace(/[\s;]+/g, '');

/**
 * What `fn` does, as code: the expression an arrow function returns or a body of one `return` returns, else the
 * statements of its body, and the names of its plain parameters; `undefined` when its text holds no function.
 */
function bodyOf(fn: ReachedFunction): { code: string; params: string[] } | undefined {
  const sf = ts.createSourceFile('fn.ts', fn.text, ts.ScriptTarget.Latest, true);
  let found: ts.FunctionLikeDeclaration | undefined;
  const visit = (n: ts.Node): void => {
    if (found) return;
    if ((ts.isArrowFunction(n) || ts.isFunctionExpression(n) || ts.isFunctionDeclaration(n) || ts.isMethodDeclaration(n)) && n.body)
      found = n;
    else ts.forEachChild(n, visit);
  };
  visit(sf);
  const body = found?.body;
  if (!found || !body) return undefined;
  const params = found.parameters.flatMap((p) => (ts.isIdentifier(p.name) && !p.dotDotDotToken ? [p.name.text] : []));
  if (!ts.isBlock(body)) return { code: body.getText(sf), params };
  const only = body.statements.length === 1 ? body.statements[0]! : undefined;
  if (only && ts.isReturnStatement(only) && only.expression) return { code: only.expression.getText(sf), params };
  return { code: body.statements.map((st) => st.getText(sf)).join('\n'), params };
}

/** What a parameter of a drawn-out helper may stand for in the code it was drawn from: a name or a property path (`args.id`). */
const OPERAND = '[A-Za-z_$][\\w$]*(?:\\??\\.[A-Za-z_$][\\w$]*)*';

/** How many characters of code besides its parameters a helper must hold to be matched with them standing for operands. */
const MIN_OWN_CODE = 16;

/** How long a helper's code may be for that match (a pattern per helper and base function). */
const MAX_PATTERN_CODE = 4000;

/**
 * Whether `fn` (the head's) is code the base's reach `before` already ran written in place: a helper drawn out of a
 * function the tool ran before (`const pathOf = (id) => join(dir, id)`, where the base's `readNote` held
 * `join(dir, id)`), which changes nothing the tool does. Compared with white space and semicolons left out, and with
 * the helper's parameters standing for the names or property paths the code held in their place (`notePath(id)` drawn
 * out of code that wrote `join(dir, args.id)`).
 */
export function drawnOut(fn: ReachedFunction, before: ReadonlyMap<string, ReachedFunction>): boolean {
  const body = bodyOf(fn);
  const code = body && squeezed(body.code);
  if (!body || !code) return false;
  for (const b of before.values()) if (squeezed(b.text).includes(code)) return true;
  // the helper's parameters stand for what the code held in their place (`id` for `args.id`): a name or a property path,
  // never a call, and the rest of the helper must be code of its own, so `(f, a) => f(a)` matches nothing
  if (body.params.length === 0 || code.length > MAX_PATTERN_CODE) return false;
  const param = new RegExp(`(?<![.\\w$])(?:${body.params.map((p) => p.replace(/\$/g, '\\$')).join('|')})\\b`, 'g');
  const parts = code.split(param);
  if (parts.join('').length < MIN_OWN_CODE) return false;
  const pattern = new RegExp(parts.map((t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(OPERAND));
  for (const b of before.values()) if (pattern.test(squeezed(b.text))) return true;
  return false;
}

/** How many calls deep the reach is followed from `execute`: a helper of a helper of a helper of a helper. */
const DEPTH = 4;

/** How many `const`s holding one another (`const drop = removeNote`) are followed to the function an `execute` is. */
const ALIASES = 8;

/** `e` without the parentheses and type assertions around it (`(f as Fn)`, `f satisfies Fn`, `f!`). */
function bare(e: ts.Expression): ts.Expression {
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isNonNullExpression(e))
    e = e.expression;
  return e;
}

/** The function a declaration gives, when it is one with a body: `function f() {}`, `const f = () => ...`, `const f = function () {}`. */
function functionOf(decl: ts.Declaration): { node: ts.Node; name: string; nameNode: ts.Node } | undefined {
  if (ts.isFunctionDeclaration(decl) && decl.body && decl.name) return { node: decl.body, name: decl.name.text, nameNode: decl.name };
  if (ts.isVariableDeclaration(decl) && ts.isIdentifier(decl.name) && decl.initializer) {
    const init = bare(decl.initializer);
    if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return { node: init.body, name: decl.name.text, nameNode: decl.name };
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
 * Whether the `execute` of the tool defined by the call at 1-based `line` and `column` of `sf` names a value rather
 * than writing a function in place (`execute: removeNote`): only such a tool may hand over another tool's function,
 * so validate builds no program (see `executeFunctions`) for a toolbox without one.
 */
export function executeIsNamed(sf: ts.SourceFile, line: number, column: number): boolean {
  const execute = executeAt(sf, sf.getPositionOfLineAndCharacter(line - 1, column - 1));
  return execute !== undefined && ts.isExpression(execute) && ts.isIdentifier(bare(execute));
}

/** A tool as both readers name it: its name, file relative to the project, 1-based line and column of its definition's call. */
export interface ToolAt {
  name: string;
  file: string;
  line: number;
  column: number;
}

/** A project function found from a tool: its key (`file#name`), the node of its body to walk on, and what it is. */
interface Found {
  key: string;
  node: ts.Node;
  fn: ReachedFunction;
}

/** Reads the project functions of `sourceFiles` that tools' executes are or call, with one program and its type checker. */
class FunctionReader {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;
  private readonly own: Set<string>;

  constructor(
    sourceFiles: readonly string[],
    private readonly cwd: string,
  ) {
    this.program = ts.createProgram([...sourceFiles], {
      allowJs: true,
      noLib: true,
      noResolve: true,
      noEmit: true,
      module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler,
      target: ts.ScriptTarget.ESNext,
    });
    this.checker = this.program.getTypeChecker();
    this.own = new Set(sourceFiles.map((f) => resolve(f)));
  }

  /** The project functions `symbol` (an identifier's, followed through import aliases) declares. */
  private functionsOf(symbol: ts.Symbol | undefined): Found[] {
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    const out: Found[] = [];
    for (const decl of symbol?.declarations ?? []) {
      const sf = decl.getSourceFile();
      const fn = this.own.has(resolve(sf.fileName)) && !sf.fileName.includes('/node_modules/') ? functionOf(decl) : undefined;
      if (!fn) continue;
      const file = relative(this.cwd, sf.fileName).split(sep).join('/');
      const text = sf.text.slice(decl.getStart(), decl.getEnd());
      const shape = sf.text.slice(decl.getStart(), fn.nameNode.getStart()) + sf.text.slice(fn.nameNode.getEnd(), decl.getEnd());
      out.push({ key: `${file}#${fn.name}`, node: fn.node, fn: { name: fn.name, file, text, shape } });
    }
    return out;
  }

  /** The project functions called in `body`. */
  calledIn(body: ts.Node): Found[] {
    const out: Found[] = [];
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n))
        out.push(
          ...this.functionsOf(
            this.checker.getSymbolAtLocation(ts.isPropertyAccessExpression(n.expression) ? n.expression.name : n.expression),
          ),
        );
      ts.forEachChild(n, visit);
    };
    visit(body);
    return out;
  }

  /**
   * The `execute` of `tool`, as a node to walk, and the project function it is when it hands one over by reference
   * (`execute: removeNote`, an import of it, or a `const` holding one: `const drop = removeNote`), or nothing when the
   * tool's definition or its `execute` cannot be found.
   */
  executeOf(tool: ToolAt): { execute?: ts.Node; is?: Found } {
    const sf = this.program.getSourceFile(resolve(this.cwd, tool.file));
    const execute = sf && executeAt(sf, sf.getPositionOfLineAndCharacter(tool.line - 1, tool.column - 1));
    if (!execute) return {};
    let e = ts.isExpression(execute) ? bare(execute) : undefined;
    for (let i = 0; e && ts.isIdentifier(e) && i < ALIASES; i++) {
      let symbol = this.checker.getSymbolAtLocation(e);
      const found = this.functionsOf(symbol)[0];
      if (found) return { execute, is: { ...found, fn: { ...found.fn, isExecute: true } } };
      if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
      const decl = symbol?.declarations?.[0];
      e = decl && ts.isVariableDeclaration(decl) && decl.initializer ? bare(decl.initializer) : undefined;
    }
    return { execute };
  }
}

/**
 * For each tool (see {@link ToolAt}), the functions of the project its `execute` is or runs: the function it hands
 * over as `execute` (see `FunctionReader.executeOf`, marked `isExecute`), else its `execute` written in place (keyed
 * `file#execute of <tool>`), and each call in its body of a function
 * declared in `sourceFiles` (a function declaration or a `const` holding an arrow or function expression, also
 * imported by a relative path, resolved by the type checker through import aliases), then the calls in those, up to
 * four calls deep. Files outside `sourceFiles` (node_modules, agent-tools) are not followed. A function is keyed by
 * `file#name`, which stays the same when code moves within a file; across files (a renamed one) or names compare
 * with `sameFunction`. A tool whose `execute` cannot be found reaches nothing.
 */
export function reachedFunctions(
  tools: readonly ToolAt[],
  sourceFiles: readonly string[],
  cwd: string,
): Map<string, Map<string, ReachedFunction>> {
  const reader = new FunctionReader(sourceFiles, cwd);
  const reaches = new Map<string, Map<string, ReachedFunction>>();
  for (const tool of tools) {
    const reached = new Map<string, ReachedFunction>();
    reaches.set(tool.name, reached);
    const { execute, is } = reader.executeOf(tool);
    if (is) reached.set(is.key, is.fn);
    // an `execute` written in place is the tool's own code: no other tool reaches it, and a helper drawn out of it
    // later is told by it (see `drawnOut`)
    else if (execute) {
      const name = `execute of ${tool.name}`;
      const text = execute.getText();
      reached.set(`${tool.file}#${name}`, { name, file: tool.file, text, shape: text });
    }
    let level = is ? [is.node] : execute ? [execute] : [];
    for (let depth = 0; depth < DEPTH && level.length > 0; depth++) {
      const next: ts.Node[] = [];
      for (const body of level)
        for (const { key, node, fn } of reader.calledIn(body)) {
          if (reached.has(key)) continue;
          reached.set(key, fn);
          next.push(node);
        }
      level = next;
    }
  }
  return reaches;
}

/**
 * For each tool of `tools` whose `execute` is a project function handed over by reference (`execute: removeNote`,
 * see `FunctionReader.executeOf`), that function and its key (`file#name`); validate reads it to see two tools
 * share one `execute`, one asking for approval and one not.
 */
export function executeFunctions(
  tools: readonly ToolAt[],
  sourceFiles: readonly string[],
  cwd: string,
): Map<string, { key: string; fn: ReachedFunction }> {
  const reader = new FunctionReader(sourceFiles, cwd);
  const out = new Map<string, { key: string; fn: ReachedFunction }>();
  for (const tool of tools) {
    const { is } = reader.executeOf(tool);
    if (is) out.set(tool.name, { key: is.key, fn: is.fn });
  }
  return out;
}
