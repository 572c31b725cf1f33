/** Checks a tool's result against its declared `output` before it is sent. */

import { jsonPath } from './json-path.js';
import type { OutputDef, OutputFieldDef, OutputSpec } from './output.js';
import { COLOR_PATTERN } from './param.js';
import { codePoints, lengthIssue, patternOf } from './string-checks.js';
import type { ArgIssue } from './parse-args.js';
import { isZodObject } from './zod-input.js';
import { describeValue, parsePlain } from './zod-issues.js';
import { isPlainObject } from '../util/is-plain-object.js';

/** The result of {@link checkOutput}: the value to send (zod's parsed output for a zod `output`), or what is wrong with it. */
export type OutputCheck = { ok: true; value: unknown } | { ok: false; error: string; issues: ArgIssue[] };

type Check = (v: unknown, path: PropertyKey[], issues: ArgIssue[]) => void;
const colorRe = new RegExp(COLOR_PATTERN);

const A: Record<string, string> = {
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  color: 'a hex color (#RGB, #RGBA, #RRGGBB or #RRGGBBAA)',
  'string[]': 'an array of strings',
  object: 'an object',
  'object[]': 'an array of objects',
};

function issue(issues: ArgIssue[], path: PropertyKey[], message: string): void {
  issues.push({ path: jsonPath(path), message });
}

function countCheck(def: OutputFieldDef, n: number, path: PropertyKey[], issues: ArgIssue[]): void {
  if (def.min !== undefined && n < def.min) issue(issues, path, `expected at least ${def.min} items, received ${n}`);
  if (def.max !== undefined && n > def.max) issue(issues, path, `expected at most ${def.max} items, received ${n}`);
}

function compileField(def: OutputFieldDef): Check {
  const expected = A[def.type]!;
  const wrong = (v: unknown, path: PropertyKey[], issues: ArgIssue[]) =>
    issue(issues, path, `expected ${expected}, received ${describeValue(v)}`);
  const members = def.enum;
  const inEnum = (v: unknown, path: PropertyKey[], issues: ArgIssue[]) => {
    if (members && !members.includes(v as string | number))
      issue(issues, path, `expected one of ${members.map((m) => JSON.stringify(m)).join(', ')}, received ${describeValue(v)}`);
  };
  switch (def.type) {
    case 'string': {
      const re = patternOf(def);
      return (v, path, issues) => {
        if (typeof v !== 'string') return wrong(v, path, issues);
        inEnum(v, path, issues);
        const length = lengthIssue(def, codePoints(v));
        if (length) issue(issues, path, length);
        if (re && !re.test(v)) issue(issues, path, `expected a string matching ${def.pattern}, received ${describeValue(v)}`);
      };
    }
    case 'color':
      return (v, path, issues) => (typeof v === 'string' && colorRe.test(v) ? undefined : wrong(v, path, issues));
    case 'boolean':
      return (v, path, issues) => (typeof v === 'boolean' ? undefined : wrong(v, path, issues));
    case 'number':
      return (v, path, issues) => {
        if (typeof v !== 'number' || !Number.isFinite(v)) return wrong(v, path, issues);
        if (def.integer === true && !Number.isInteger(v)) return issue(issues, path, `expected an integer, received ${describeValue(v)}`);
        if (def.min !== undefined && v < def.min) issue(issues, path, `expected a number >= ${def.min}, received ${describeValue(v)}`);
        if (def.max !== undefined && v > def.max) issue(issues, path, `expected a number <= ${def.max}, received ${describeValue(v)}`);
        inEnum(v, path, issues);
      };
    case 'string[]':
      return (v, path, issues) => {
        if (!Array.isArray(v)) return wrong(v, path, issues);
        countCheck(def, v.length, path, issues);
        for (let i = 0; i < v.length; i++) {
          path.push(i);
          if (typeof v[i] !== 'string') issue(issues, path, `expected a string, received ${describeValue(v[i])}`);
          else inEnum(v[i], path, issues);
          path.pop();
        }
      };
    case 'object':
      return compileRecord(def.properties ?? {});
    case 'object[]': {
      const item = compileRecord(def.properties ?? {});
      return (v, path, issues) => {
        if (!Array.isArray(v)) return wrong(v, path, issues);
        countCheck(def, v.length, path, issues);
        for (let i = 0; i < v.length; i++) {
          path.push(i);
          item(v[i], path, issues);
          path.pop();
        }
      };
    }
  }
}

function compileRecord(output: OutputDef): Check {
  const fields = Object.entries(output).map(([name, def]) => ({
    name,
    required: def.required === true,
    check: compileField(def),
    type: def.type,
  }));
  return (v, path, issues) => {
    if (!isPlainObject(v)) return issue(issues, path, `expected an object, received ${describeValue(v)}`);
    for (const f of fields) {
      const x = v[f.name];
      path.push(f.name);
      if (x === undefined) {
        if (f.required) issue(issues, path, `missing required field (expected ${A[f.type]})`);
      } else f.check(x, path, issues);
      path.pop();
    }
  };
}

const compiled = new WeakMap<object, Check>();

/**
 * Checks a tool's result against its declared `output`; the pipeline runs it on every
 * successful result of a tool that declares one (tools without `output` never reach it).
 *
 * - An {@link OutputDef}: the value must be an object; each `required: true` field present, each
 *   present field of its type (`null` is never valid: JSON Schema has no null for these types),
 *   within its `enum`, bounds and item counts, nested `object`/`object[]` fields the same way.
 *   Fields not declared pass (the output schema's objects are open). Checked by a function
 *   compiled once per output object. The value is returned as given.
 * - A zod object: zod parses the value; the value returned is zod's output (defaults filled in,
 *   undeclared keys stripped), which is what the output-mode JSON Schema describes.
 *
 * Never throws. On failure `error` reads `Invalid result from tool "x": it does not match the
 * tool's output schema` followed by one line per problem (`- $.items[0].id: expected a string,
 * received the number 3`), and `issues` holds the same as data (`path` a JSON path).
 */
export function checkOutput(tool: { name: string; output?: OutputSpec }, value: unknown): OutputCheck {
  const output = tool.output;
  if (output === undefined) return { ok: true, value };
  let issues: ArgIssue[];
  if (isZodObject(output)) {
    const parsed = parsePlain(output, value);
    if (parsed.ok) return { ok: true, value: parsed.data };
    issues = parsed.problems;
  } else {
    let check = compiled.get(output);
    if (!check) compiled.set(output, (check = compileRecord(output)));
    issues = [];
    check(value, [], issues);
    if (issues.length === 0) return { ok: true, value };
  }
  const lines = issues.map((i) => `- ${i.path}: ${i.message}`);
  return {
    ok: false,
    error: `Invalid result from tool "${tool.name}": it does not match the tool's output schema\n${lines.join('\n')}`,
    issues,
  };
}
