/** Compares two JSON Schemas (input or output) and emits each change, before a rule names it. */

import { pairRenames } from './pairing.js';
import { normalize, sameValue, show, showList, showTypes, typeRelation, typeSet, valueKey, type Schema } from './schema-values.js';
import { isPlainObject } from '../util/is-plain-object.js';

/**
 * What changed in a schema, before it is named by a rule. The same kinds are found in input
 * schemas and output schemas; `RULES` in compare.ts names each kind per side, since a change
 * that breaks a caller (an enum value removed from a param) is safe for a reader (removed
 * from an output field), and the reverse.
 */
export type ChangeKind =
  | 'removed'
  | 'added-required'
  | 'added-optional'
  | 'renamed'
  | 'made-required'
  | 'made-required-defaulted'
  | 'made-optional'
  | 'text'
  | 'type-changed'
  | 'type-widened'
  | 'type-narrowed'
  | 'enum-removed'
  | 'enum-added'
  | 'bounds-narrowed'
  | 'bounds-widened'
  | 'constraint-added'
  | 'constraint-changed'
  | 'constraint-removed'
  | 'default-changed'
  | 'default-added'
  | 'other';

/** The data of one found change: `path` of the property (undefined at the root), and what the message says. */
export interface SchemaChange {
  kind: ChangeKind;
  path: string | undefined;
  detail?: string;
  key?: string;
  before?: string;
  after?: string;
}

/** `input` compares a tool's input schema (params may be renamed), `output` its output schema. */
export type Side = 'input' | 'output';

const TEXT = ['description', 'title', 'examples'];
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
const CONSTRAINTS = ['pattern', 'format', 'multipleOf', 'uniqueItems', 'contentEncoding', 'contentMediaType'];
const HANDLED = new Set([
  ...TEXT,
  ...LOWER,
  ...UPPER,
  ...CONSTRAINTS,
  'type',
  'enum',
  'const',
  'default',
  'items',
  'properties',
  'required',
  'additionalProperties',
  '$schema',
]);

const child = (path: string | undefined, name: string) => (path === undefined ? name : `${path}.${name}`);
const hasDefault = (s: unknown) => isPlainObject(s) && Object.hasOwn(s, 'default');
const asSchema = (s: unknown): Schema => (isPlainObject(s) ? s : {});

/** The values a schema allows by `enum` or `const`, or `undefined` when it allows any. */
function allowedValues(s: Schema): unknown[] | undefined {
  if (Array.isArray(s.enum)) return s.enum;
  return Object.hasOwn(s, 'const') ? [s.const] : undefined;
}

/** Whether a param `before` and a param `after` look like the same param under two names. */
function sameParam(before: unknown, after: unknown): boolean {
  if (sameValue(before, after)) return true;
  const b = asSchema(before);
  const a = asSchema(after);
  return typeof b.description === 'string' && b.description !== '' && b.description === a.description && sameValue(typeSet(b), typeSet(a));
}

/**
 * Compares two JSON Schemas (a tool's input or output schema, or one property of it) and calls
 * `emit` for every change, in the order: text, type, allowed values, bounds, constraints,
 * default, items, properties, then any other key. `required` says whether the property was and
 * is required in its parent, so that a default removed together with a new `required` is one change.
 */
export function compareSchema(
  before: Schema,
  after: Schema,
  path: string | undefined,
  side: Side,
  emit: (c: SchemaChange) => void,
  required: { was: boolean; is: boolean } = { was: false, is: false },
): void {
  const b = normalize(before);
  const a = normalize(after);
  const changed = TEXT.filter((k) => !sameValue(b[k], a[k]));
  if (changed.length > 0) emit({ kind: 'text', path, detail: changed.join(' and ') });
  const tb = typeSet(b);
  const ta = typeSet(a);
  if (tb && ta) {
    const relation = typeRelation(tb, ta);
    if (relation !== 'same') {
      emit({ kind: `type-${relation}`, path, detail: `type ${showTypes(tb)} → ${showTypes(ta)}` });
      // after a type change, the other keywords' changes say little
      if (relation === 'changed') return;
    }
  } else if (tb || ta) {
    emit({ kind: ta ? 'constraint-added' : 'constraint-removed', path, detail: ta ? `type ${showTypes(ta)} added` : `type removed` });
  }
  compareValues(b, a, path, emit);
  compareBounds(b, a, path, emit);
  compareConstraints(b, a, path, emit);
  compareDefault(b, a, path, emit, required);
  if (b.items !== undefined || a.items !== undefined) {
    if (isPlainObject(b.items) && isPlainObject(a.items)) compareSchema(b.items, a.items, `${path ?? ''}[]`, side, emit);
    else if (!sameValue(b.items, a.items)) emit({ kind: 'other', path, key: 'items', before: show(b.items), after: show(a.items) });
  }
  if (isPlainObject(b.properties) || isPlainObject(a.properties) || b.required !== undefined || a.required !== undefined)
    compareProperties(b, a, path, side, emit);
  for (const key of new Set([...Object.keys(b), ...Object.keys(a)]))
    if (!HANDLED.has(key) && !sameValue(b[key], a[key])) emit({ kind: 'other', path, key, before: show(b[key]), after: show(a[key]) });
}

function compareValues(b: Schema, a: Schema, path: string | undefined, emit: (c: SchemaChange) => void): void {
  const vb = allowedValues(b);
  const va = allowedValues(a);
  if (vb && va) {
    const keysA = new Set(va.map(valueKey));
    const keysB = new Set(vb.map(valueKey));
    const removed = vb.filter((v) => !keysA.has(valueKey(v)));
    const added = va.filter((v) => !keysB.has(valueKey(v)));
    const plural = (n: number) => (n === 1 ? 'value' : 'values');
    if (removed.length > 0) emit({ kind: 'enum-removed', path, detail: `enum ${plural(removed.length)} ${showList(removed)} removed` });
    if (added.length > 0) emit({ kind: 'enum-added', path, detail: `enum ${plural(added.length)} ${showList(added)} added` });
  } else if (va) emit({ kind: 'constraint-added', path, detail: `enum added: only ${showList(va)}` });
  else if (vb) emit({ kind: 'constraint-removed', path, detail: `enum ${showList(vb)} removed: any value` });
}

function compareBounds(b: Schema, a: Schema, path: string | undefined, emit: (c: SchemaChange) => void): void {
  const narrowed: string[] = [];
  const widened: string[] = [];
  for (const [keys, lower] of [
    [LOWER, true],
    [UPPER, false],
  ] as const) {
    for (const key of keys) {
      const vb = b[key];
      const va = a[key];
      if (sameValue(vb, va)) continue;
      if ((vb !== undefined && typeof vb !== 'number') || (va !== undefined && typeof va !== 'number')) {
        emit({ kind: 'other', path, key, before: show(vb), after: show(va) });
        continue;
      }
      const text = `${key} ${show(vb)} → ${show(va)}`;
      const tighter = va === undefined ? false : vb === undefined ? true : lower ? va > vb : va < vb;
      (tighter ? narrowed : widened).push(text);
    }
  }
  if (narrowed.length > 0) emit({ kind: 'bounds-narrowed', path, detail: narrowed.join(', ') });
  if (widened.length > 0) emit({ kind: 'bounds-widened', path, detail: widened.join(', ') });
}

function compareConstraints(b: Schema, a: Schema, path: string | undefined, emit: (c: SchemaChange) => void): void {
  for (const key of CONSTRAINTS) {
    // uniqueItems: false says nothing
    const vb = key === 'uniqueItems' && b[key] === false ? undefined : b[key];
    const va = key === 'uniqueItems' && a[key] === false ? undefined : a[key];
    if (sameValue(vb, va)) continue;
    if (vb === undefined) emit({ kind: 'constraint-added', path, detail: `${key} ${show(va)} added` });
    else if (va === undefined) emit({ kind: 'constraint-removed', path, detail: `${key} ${show(vb)} removed` });
    else emit({ kind: 'constraint-changed', path, detail: `${key} ${show(vb)} → ${show(va)}` });
  }
  const vb = b.additionalProperties;
  const va = a.additionalProperties;
  const simple = (v: unknown) => v === undefined || typeof v === 'boolean';
  if (simple(vb) && simple(va)) {
    if ((vb === false) === (va === false)) return;
    if (va === false) emit({ kind: 'constraint-added', path, detail: 'additionalProperties: false added (unknown properties refused)' });
    else emit({ kind: 'constraint-removed', path, detail: 'additionalProperties: false removed (unknown properties accepted)' });
  } else if (!sameValue(vb ?? true, va ?? true))
    emit({ kind: 'other', path, key: 'additionalProperties', before: show(vb), after: show(va) });
}

function compareDefault(
  b: Schema,
  a: Schema,
  path: string | undefined,
  emit: (c: SchemaChange) => void,
  required: { was: boolean; is: boolean },
): void {
  const had = hasDefault(b);
  const has = hasDefault(a);
  if (had && has && !sameValue(b.default, a.default))
    emit({ kind: 'default-changed', path, detail: `default ${show(b.default)} → ${show(a.default)}` });
  // a default removed from a param now required is one change: made-required
  else if (had && !has && !(required.is && !required.was))
    emit({ kind: 'default-changed', path, detail: `default ${show(b.default)} removed` });
  // a default added to a required param that becomes optional is one change: made-optional
  else if (!had && has && !(required.was && !required.is))
    emit({ kind: 'default-added', path, detail: `default ${show(a.default)} added` });
}

/** The properties and `required` of two object schemas: removed, renamed (inputs only), added, and each kept one compared. */
function compareProperties(b: Schema, a: Schema, path: string | undefined, side: Side, emit: (c: SchemaChange) => void): void {
  const pb = asSchema(b.properties);
  const pa = asSchema(a.properties);
  const reqB = new Set(Array.isArray(b.required) ? (b.required as unknown[]) : []);
  const reqA = new Set(Array.isArray(a.required) ? (a.required as unknown[]) : []);
  const removed = Object.keys(pb).filter((k) => !Object.hasOwn(pa, k));
  const added = Object.keys(pa).filter((k) => !Object.hasOwn(pb, k));
  const renamedFrom = side === 'input' ? pairRenames(removed, added, (r, n) => sameParam(pb[r], pa[n])) : new Map<string, string>();
  const kept = (from: string, to: string) => {
    const was = reqB.has(from);
    const is = reqA.has(to);
    const at = child(path, to);
    if (!was && is)
      emit({ kind: hasDefault(pa[to]) ? 'made-required-defaulted' : 'made-required', path: at, after: show(asSchema(pa[to]).default) });
    if (was && !is) emit({ kind: 'made-optional', path: at });
    compareSchema(asSchema(pb[from]), asSchema(pa[to]), at, side, emit, { was, is });
  };
  for (const name of Object.keys(pa)) {
    const from = Object.hasOwn(pb, name) ? name : renamedFrom.get(name);
    if (from === name) kept(name, name);
    else if (from !== undefined) {
      emit({ kind: 'renamed', path: child(path, name), before: from });
      kept(from, name);
    } else emit({ kind: reqA.has(name) && !hasDefault(pa[name]) ? 'added-required' : 'added-optional', path: child(path, name) });
  }
  const renamed = new Set(renamedFrom.values());
  for (const name of removed) if (!renamed.has(name)) emit({ kind: 'removed', path: child(path, name) });
  // a name in `required` that is not a property is itself a change of what calls must send
  const orphan = (req: Set<unknown>, props: Schema) => [...req].filter((k) => typeof k !== 'string' || !Object.hasOwn(props, k)).map(show);
  if (!sameValue(orphan(reqB, pb).sort(), orphan(reqA, pa).sort()))
    emit({ kind: 'other', path, key: 'required', before: show([...reqB]), after: show([...reqA]) });
}
