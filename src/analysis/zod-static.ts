/** Reads zod schemas without running user code: the builder and method subset people write for tool inputs, zod 3 and 4. */

import { z } from 'zod';
import { z as z3 } from 'zod/v3';
import { ts } from './ts-morph.cjs';
import { clip, unwrap, type Evaluator } from './evaluate.js';
import { enumObject } from './enum-value.js';
import { packageImportOf } from './imports.js';
import type { VersionResolver } from './library-versions.js';
import { NotStatic, nodeText } from './scope.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** The zod entry points read statically (classic and mini build the same JSON Schema for the subset). */
const ZOD_MODULES = new Set(['zod', 'zod/v4', 'zod/v4/classic', 'zod/mini', 'zod/v4-mini']);

/** `z.<name>(...)` builders in the subset: each builds data only (no function of the user's runs). */
const BUILDERS = new Set(
  'object strictObject looseObject string number int float32 float64 int32 uint32 boolean enum nativeEnum literal array union discriminatedUnion tuple record optional nullable nullish null undefined any unknown email url uuid guid'.split(
    ' ',
  ),
);
/** `z.coerce.<name>()`: the input JSON Schema is that of the plain type. */
const COERCE = new Set(['string', 'number', 'boolean']);
/** Methods on a schema in the subset: modifiers, bounds, string checks and object helpers. */
const METHODS = new Set(
  (
    'optional nullable nullish default describe meta min max length nonempty positive negative nonnegative nonpositive gt gte lt lte multipleOf step int finite safe ' +
    'email url uuid guid regex startsWith endsWith includes trim toLowerCase toUpperCase lowercase uppercase datetime date time duration ipv4 ipv6 cidrv4 cidrv6 cuid cuid2 ulid nanoid emoji base64 base64url jwt e164 ' +
    'extend merge pick omit partial required strict passthrough strip catchall array or and readonly brand'
  ).split(' '),
);

/** The zod a schema is replayed on: zod 4 (this package's) or zod 3 (the `zod/v3` it carries, zod 3.25's code). */
type ZodApi = Record<string, unknown> & { coerce: Record<string, unknown> };
const ZOD4 = z as unknown as ZodApi;
const ZOD3 = z3 as unknown as ZodApi;

/** The zod namespace (`z`) or its `z.coerce`, of one zod major. */
class Namespace {
  constructor(
    readonly api: ZodApi,
    readonly coerce = false,
  ) {}
}
type Builder = { builder: string; api: ZodApi };

function isZodModule(module: string): boolean {
  return ZOD_MODULES.has(module) || isZod3Module(module);
}
function isZod3Module(module: string): boolean {
  return module === 'zod/v3' || module.startsWith('zod/v3/');
}
type ZVal = unknown;

/**
 * A schema built by this interpreter: zod 4, or zod 3 (replayed on `zod/v3`, see {@link isZod3Schema}).
 * Typed as zod 4's `ZodType` for the readers; a zod 3 schema only passes through to its converter.
 */
export function isZodSchema(v: unknown): v is z.ZodType {
  return (typeof v === 'object' && v !== null && '_zod' in v) || isZod3Schema(v);
}

/** Whether `v` is a zod 3 schema (replayed on `zod/v3` because the project's zod is 3.x or the file imports `zod/v3`). */
export function isZod3Schema(v: unknown): boolean {
  return v instanceof z3.ZodType;
}

/**
 * Reads zod schemas without running the user's code: the calls of the subset people write
 * for tool inputs (see `BUILDERS` and `METHODS`), with arguments known statically (the
 * {@link Evaluator}'s literals and constants, regex literals, enum declarations), are replayed
 * on zod itself, so the schema, and the JSON Schema a library converts it to, is zod's own.
 * A project whose own zod is 3.x (or a file importing `zod/v3`) has its schemas replayed on
 * zod 3 (`zod/v3`, the zod 3.25 code), so each library converts them as it converts zod 3.
 * Anything else (`.refine`, `.transform`, a call of the user's function) is a
 * {@link NotStatic} naming the node and why.
 */
export class ZodReader {
  private readonly cache = new Map<ts.Node, ZVal>();

  /** `versions` tells which zod major a file imports: a project on zod 3 gets its schemas replayed on zod 3. */
  constructor(
    private readonly ev: Evaluator,
    private readonly versions: VersionResolver,
  ) {}

  /** The zod schema `e` stands for. */
  schema(e: ts.Expression): z.ZodType | NotStatic {
    const v = this.read(e);
    if (v instanceof NotStatic || isZodSchema(v)) return v;
    return new NotStatic(e, `\`${clip(nodeText(e))}\` is not a zod schema`);
  }

  /** A zod schema, or a raw shape (an object whose values are zod schemas), as `registerTool` accepts. */
  schemaOrShape(e: ts.Expression): z.ZodType | Record<string, z.ZodType> | NotStatic {
    const v = this.read(e);
    if (v instanceof NotStatic || isZodSchema(v)) return v;
    if (isShape(v)) return v;
    return new NotStatic(e, `\`${clip(nodeText(e))}\` is neither a zod schema nor an object of zod schemas`);
  }

  private read(e: ts.Expression): ZVal {
    if (this.cache.has(e)) return this.cache.get(e);
    this.cache.set(e, new NotStatic(e, `\`${clip(nodeText(e))}\` refers to itself`));
    const v = this.compute(unwrap(e));
    this.cache.set(e, v);
    return v;
  }

  private compute(e: ts.Expression): ZVal {
    if (ts.isRegularExpressionLiteral(e)) {
      const m = /^\/(.*)\/([a-z]*)$/s.exec(e.text);
      return m ? new RegExp(m[1]!, m[2]) : new NotStatic(e, 'an unreadable regular expression');
    }
    if (ts.isIdentifier(e)) return this.identifier(e);
    if (ts.isCallExpression(e)) return this.call(e);
    if (ts.isPropertyAccessExpression(e) && ts.isIdentifier(e.name)) {
      const key = e.name.text;
      const ns = ts.isIdentifier(e.expression) ? this.ev.scope.lookup(e.expression) : undefined;
      if (ns && !(ns instanceof NotStatic) && ns.kind === 'namespace') {
        const b = this.ev.scope.exported(ns.file, key, new Set());
        if (!b) return new NotStatic(e, `\`${nodeText(e)}\`: the module has no export named \`${key}\``);
        if (b instanceof NotStatic) return enumObject(b.node) ?? b;
        return b.kind === 'expr' ? this.read(b.expr) : new NotStatic(e, `\`${nodeText(e)}\` is not a constant`);
      }
      const base = this.read(e.expression);
      if (base instanceof NotStatic) {
        const v = this.ev.value(e);
        return v instanceof NotStatic ? base : v;
      }
      if (base instanceof Namespace && !base.coerce && key === 'coerce') return new Namespace(base.api, true);
      if (base instanceof Namespace) return new NotStatic(e, `\`${nodeText(e)}\` is not in the static zod subset`);
      if (isZodSchema(base)) {
        if (key === 'shape' && (base instanceof z.ZodObject || base instanceof z3.ZodObject)) return base.shape as unknown;
        return new NotStatic(e, `\`${clip(nodeText(e))}\`: only \`.shape\` of a z.object is read statically`);
      }
      if (typeof base === 'object' && base !== null && Object.hasOwn(base, key)) return (base as Record<string, unknown>)[key];
      return new NotStatic(e, `\`${clip(nodeText(e))}\` is not a property of a constant`);
    }
    if (ts.isObjectLiteralExpression(e)) return this.object(e);
    if (ts.isArrayLiteralExpression(e)) {
      const out: unknown[] = [];
      for (const el of e.elements) {
        const v = ts.isSpreadElement(el) ? this.read(el.expression) : this.read(el);
        if (v instanceof NotStatic) return v;
        if (ts.isSpreadElement(el)) {
          if (!Array.isArray(v)) return new NotStatic(el, `\`${clip(nodeText(el))}\` does not spread an array`);
          out.push(...v);
        } else out.push(v);
      }
      return out;
    }
    return this.ev.value(e);
  }

  private identifier(id: ts.Identifier): ZVal {
    const imp = packageImportOf(id);
    if (imp && !isZodModule(imp.module)) {
      // a tsconfig `paths` alias (`@/types`) or a package.json `imports` entry (`#schemas`) names a
      // source file of the project: follow it like a relative import; a true package is not read
      const b = this.ev.scope.lookup(id);
      if (!(b instanceof NotStatic) && b.kind === 'expr') return this.read(b.expr);
      return new NotStatic(id, `\`${id.text}\` is imported from '${imp.module}'; only zod schemas are read statically`);
    }
    if (imp) {
      const major = this.versions.versionFor(id.getSourceFile().fileName, 'zod')?.major;
      if (major === 3 && !isZod3Module(imp.module) && imp.module !== 'zod')
        return new NotStatic(id, `\`${id.text}\` is imported from '${imp.module}' of zod 3.25 (its early zod 4), which is not modeled`);
      const api = isZod3Module(imp.module) || major === 3 ? ZOD3 : ZOD4;
      if (imp.imported === '*' || imp.imported === 'z' || imp.imported === 'default') return new Namespace(api);
      return BUILDERS.has(imp.imported) && typeof api[imp.imported] === 'function'
        ? ({ builder: imp.imported, api } satisfies Builder)
        : new NotStatic(id, `\`${imp.imported}\` from '${imp.module}' is not in the static zod subset${api === ZOD3 ? ' of zod 3' : ''}`);
    }
    const b = this.ev.scope.lookup(id);
    if (b instanceof NotStatic) {
      // the scope reports an enum as not static, at its declaration: read its members here
      const local = id.getSourceFile().statements.find((s) => ts.isEnumDeclaration(s) && s.name.text === id.text);
      return enumObject(local ?? b.node) ?? b;
    }
    if (b.kind === 'expr') return this.read(b.expr);
    return this.ev.value(id);
  }

  private object(o: ts.ObjectLiteralExpression): ZVal {
    const out: Record<string, unknown> = {};
    for (const p of o.properties) {
      if (ts.isSpreadAssignment(p)) {
        const v = this.read(p.expression);
        if (v instanceof NotStatic) return v;
        if (typeof v !== 'object' || v === null || isZodSchema(v))
          return new NotStatic(p, `\`${clip(nodeText(p))}\` does not spread a constant object`);
        Object.assign(out, v);
        continue;
      }
      if (!ts.isPropertyAssignment(p) && !ts.isShorthandPropertyAssignment(p))
        return new NotStatic(p, `\`${clip(nodeText(p))}\` is a method, not a value`);
      const key = ts.isComputedPropertyName(p.name)
        ? this.ev.value(p.name.expression)
        : ts.isIdentifier(p.name) || ts.isStringLiteral(p.name) || ts.isNumericLiteral(p.name)
          ? p.name.text
          : undefined;
      if (key === undefined || key instanceof NotStatic) return key ?? new NotStatic(p.name, 'an unsupported property name');
      const v = this.read(ts.isPropertyAssignment(p) ? p.initializer : p.name);
      if (v instanceof NotStatic) return v;
      out[String(key)] = v;
    }
    return out;
  }

  private call(c: ts.CallExpression): ZVal {
    const callee = unwrap(c.expression);
    let fn: (...args: unknown[]) => unknown;
    let label: string;
    if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name)) {
      const name = callee.name.text;
      const base = this.read(callee.expression);
      if (base instanceof NotStatic) return base;
      label = name;
      const from = base instanceof Namespace ? (base.coerce ? base.api.coerce : base.api) : undefined;
      const member = from && (base as Namespace).coerce ? COERCE.has(name) && from[name] : BUILDERS.has(name) && from?.[name];
      if (typeof member === 'function') fn = member as (...a: unknown[]) => unknown;
      else if (isZodSchema(base) && METHODS.has(name) && typeof (base as unknown as Record<string, unknown>)[name] === 'function') {
        const method = (base as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!;
        fn = (...a) => method.apply(base, a);
      } else
        return new NotStatic(
          callee.name,
          `\`.${name}()\` is not in the static zod subset, so the input schema is known only at runtime (use export --import)`,
        );
    } else {
      const pkg = ts.isIdentifier(callee) ? packageImportOf(callee) : undefined;
      const imported = pkg && isZodModule(pkg.module) ? this.read(callee) : undefined;
      if (imported instanceof NotStatic) return imported;
      const base = imported as Builder | undefined;
      if (!base)
        return new NotStatic(
          c,
          `\`${clip(nodeText(c))}\` is a call of the project's own code; its result is known only when the code runs (use export --import)`,
        );
      label = base.builder;
      fn = base.api[label] as (...a: unknown[]) => unknown;
    }
    const args: unknown[] = [];
    for (const a of c.arguments) {
      const v = this.read(a);
      if (v instanceof NotStatic) return v;
      args.push(v);
    }
    try {
      return fn(...args);
    } catch (err) {
      return new NotStatic(c, `zod rejects \`${label}(...)\` here: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
    }
  }
}

function isShape(v: unknown): v is Record<string, z.ZodType> {
  return isPlainObject(v) && !(v instanceof RegExp) && Object.values(v).every(isZodSchema);
}
