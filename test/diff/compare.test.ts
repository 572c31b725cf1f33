/** Tests of the diff comparison on borderline cases: params, enums, bounds, renames, hints and outputs, each class. */

import { describe, expect, it } from 'vitest';
import { bumpOf, diffToolSets } from '../../src/diff/compare.js';
import { toolsOf } from '../../src/diff/read-tools-file.js';
import type { DiffChange, ToolEntry } from '../../src/diff/types.js';

/**
 * The comparison on tools/list entries (what export --format mcp writes), including the fields no source file yields yet (outputSchema).
 */

const tool = (name: string, properties: Record<string, unknown>, more: Partial<ToolEntry> & { required?: string[] } = {}): ToolEntry => {
  const { required, ...rest } = more;
  return {
    name,
    description: `The ${name} tool`,
    inputSchema: { type: 'object', properties, ...(required ? { required } : {}), additionalProperties: false },
    ...rest,
  };
};
const diff = (before: ToolEntry[], after: ToolEntry[]) => diffToolSets({ tools: before }, { tools: after });
const brief = (changes: DiffChange[]) => changes.map((c) => [c.rule, c.class, c.message]);

describe('params: borderline cases, both classes', () => {
  it('a param made required: breaking without a default, patch with one (AI SDK 5 lists defaulted params as required)', () => {
    const before = tool('t', { a: { type: 'number' }, b: { type: 'number', default: 1 } });
    const after = tool('t', { a: { type: 'number' }, b: { type: 'number', default: 1 } }, { required: ['a', 'b'] });
    expect(brief(diff([before], [after]).changes)).toEqual([
      ['param-required', 'breaking', 'param `a` is now required'],
      ['param-required-defaulted', 'patch', 'param `b` is now listed as required, with its default 1'],
    ]);
  });

  it('a new param listed as required: breaking without a default, minor with one', () => {
    const after = tool('t', { a: { type: 'number' }, b: { type: 'number', default: 1 } }, { required: ['a', 'b'] });
    expect(brief(diff([tool('t', {})], [after]).changes)).toEqual([
      ['required-param-added', 'breaking', 'required param `a` added'],
      ['optional-param-added', 'minor', 'optional param `b` added'],
    ]);
  });

  it('an enum value added and another removed in one edit: one breaking and one minor change', () => {
    const r = diff([tool('t', { s: { type: 'string', enum: ['a', 'b'] } })], [tool('t', { s: { type: 'string', enum: ['b', 'c'] } })]);
    expect(brief(r.changes)).toEqual([
      ['enum-value-removed', 'breaking', 'param `s`: enum value "a" removed'],
      ['enum-value-added', 'minor', 'param `s`: enum value "c" added'],
    ]);
    expect(r.bump).toBe('major');
  });

  it('bounds: widened and narrowed on one param are two changes; lengths and item counts count too', () => {
    const before = tool('t', {
      n: { type: 'number', minimum: 0, maximum: 10 },
      s: { type: 'string', maxLength: 5 },
      l: { type: 'array', items: { type: 'string' } },
    });
    const after = tool('t', {
      n: { type: 'number', minimum: 1, maximum: 20 },
      s: { type: 'string' },
      l: { type: 'array', items: { type: 'string' }, minItems: 1 },
    });
    expect(brief(diff([before], [after]).changes)).toEqual([
      ['bounds-narrowed', 'breaking', 'param `n`: minimum 0 → 1'],
      ['bounds-narrowed', 'breaking', 'param `l`: minItems none → 1'],
      ['bounds-widened', 'minor', 'param `n`: maximum 10 → 20'],
      ['bounds-widened', 'minor', 'param `s`: maxLength 5 → none'],
    ]);
  });

  it('an enum where any value went is a constraint added; its removal a constraint removed', () => {
    const free = tool('t', { s: { type: 'string' } });
    const closed = tool('t', { s: { type: 'string', enum: ['a'] } });
    expect(brief(diff([free], [closed]).changes)).toEqual([['constraint-added', 'breaking', 'param `s`: enum added: only "a"']]);
    expect(brief(diff([closed], [free]).changes)).toEqual([['constraint-removed', 'minor', 'param `s`: enum "a" removed: any value']]);
  });

  it('a rename needs one match each way: two removed params with the same schema are removals', () => {
    const before = tool('t', { a: { type: 'string' }, b: { type: 'string' } });
    const after = tool('t', { c: { type: 'string' } });
    expect(diff([before], [after]).changes.map((c) => [c.rule, c.param])).toEqual([
      ['param-removed', 'a'],
      ['param-removed', 'b'],
      ['optional-param-added', 'c'],
    ]);
  });

  it('a renamed param keeps its other changes', () => {
    const before = tool('t', { a: { type: 'string', description: 'Text' } });
    const after = tool('t', { b: { type: 'string', description: 'Text', maxLength: 9 } }, { required: ['b'] });
    expect(brief(diff([before], [after]).changes)).toEqual([
      ['param-renamed', 'breaking', 'param `a` renamed to `b`'],
      ['param-required', 'breaking', 'param `b` is now required'],
      ['bounds-narrowed', 'breaking', 'param `b`: maxLength none → 9'],
    ]);
  });

  it('nested objects and array items are compared too, with a path', () => {
    const before = tool('t', {
      style: { type: 'object', properties: { weight: { type: 'number' } }, required: ['weight'] },
      tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
    });
    const after = tool('t', {
      style: { type: 'object', properties: { weight: { type: 'integer' } } },
      tags: { type: 'array', items: { type: 'string', enum: ['a'] } },
    });
    expect(diff([before], [after]).changes.map((c) => [c.rule, c.param, c.message])).toEqual([
      ['type-changed', 'style.weight', 'param `style.weight`: type number → integer'],
      ['enum-value-removed', 'tags[]', 'param `tags[]`: enum value "b" removed'],
      ['param-optional', 'style.weight', 'param `style.weight` is no longer required'],
    ]);
  });

  it('the input schema itself: additionalProperties false added is a constraint on the whole input', () => {
    const open = { name: 't', description: 'x', inputSchema: { type: 'object', properties: {} } };
    const closed = tool('t', {}, { description: 'x' });
    expect(diff([open], [closed]).changes).toEqual([
      {
        tool: 't',
        rule: 'constraint-added',
        class: 'breaking',
        message: 'the input schema: additionalProperties: false added (unknown properties refused)',
      },
    ]);
  });

  it('two spellings of one schema are equal: key order, a type list or anyOf with null, anyOf of plain types', () => {
    const a = tool('t', { n: { type: ['string', 'null'], description: 'x' }, u: { anyOf: [{ type: 'string' }, { type: 'number' }] } });
    const b = tool('t', { n: { description: 'x', anyOf: [{ type: 'string' }, { type: 'null' }] }, u: { type: ['number', 'string'] } });
    expect(diff([a], [b])).toEqual({ changes: [], bump: 'none' });
    expect(diff([a], [{ ...a, inputSchema: Object.fromEntries(Object.entries(a.inputSchema).reverse()) }]).changes).toEqual([]);
  });
});

describe('hints: the effective values, with the spec defaults for hints left out', () => {
  const hinted = (annotations?: Record<string, unknown>) => tool('t', {}, annotations ? { annotations } : {});

  it('leaving out a hint whose value is the default is no change', () => {
    const defaults = { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true };
    expect(diff([hinted()], [hinted(defaults)]).changes).toEqual([]);
  });

  it('destructiveHint false left out of a mutating tool: it became destructive', () => {
    expect(brief(diff([hinted({ readOnlyHint: false, destructiveHint: false })], [hinted({ readOnlyHint: false })]).changes)).toEqual([
      ['became-destructive', 'breaking', '`t` is now destructive (destructiveHint false → true)'],
    ]);
  });

  it('a read-only tool that says nothing else once mutating is destructive by default, said in one change', () => {
    expect(brief(diff([hinted({ readOnlyHint: true })], [hinted({})]).changes)).toEqual([
      [
        'became-mutating',
        'breaking',
        '`t` is no longer read-only (readOnlyHint true → false; now destructiveHint true, idempotentHint false)',
      ],
    ]);
  });

  it('becoming read-only switches off approval (breaking); destructiveHint and idempotentHint no longer count', () => {
    const result = diff([hinted({ destructiveHint: true })], [hinted({ readOnlyHint: true, openWorldHint: false })]);
    expect(brief(result.changes)).toEqual([
      ['approval-relaxed', 'breaking', '`t` no longer asks for approval (readOnlyHint false → true)'],
      ['hints-relaxed', 'minor', 'hints of `t` relaxed: openWorldHint true → false'],
    ]);
    expect(result.bump).toBe('major');
  });

  it('a tool that becomes read-only but still says destructiveHint true is read-only to clients (breaking), in those words', () => {
    expect(brief(diff([hinted({ destructiveHint: true })], [hinted({ readOnlyHint: true, destructiveHint: true })]).changes)).toEqual([
      [
        'approval-relaxed',
        'breaking',
        '`t` is read-only to MCP clients now (readOnlyHint false → true; its destructiveHint true counts only while readOnlyHint is false ' +
          '(MCP spec, ToolAnnotations), so a client that asks by the hints runs it unasked; agent-tools itself still asks, since it says destructive)',
      ],
    ]);
  });

  it('a destructive tool that now says destructiveHint false switches off approval (breaking)', () => {
    expect(brief(diff([hinted({ destructiveHint: true })], [hinted({ destructiveHint: false })]).changes)).toEqual([
      ['approval-relaxed', 'breaking', '`t` no longer asks for approval (destructiveHint true → false)'],
    ]);
  });

  it('destructive and idempotent hints on a read-only tool are not compared', () => {
    expect(
      diff([hinted({ readOnlyHint: true, destructiveHint: true })], [hinted({ readOnlyHint: true, destructiveHint: false })]).changes,
    ).toEqual([]);
  });

  it('annotations.title is the title when the entry has none; other annotations are entry-changed', () => {
    expect(brief(diff([hinted({ title: 'A', x: 1 })], [hinted({ title: 'B', x: 2 })]).changes)).toEqual([
      ['tool-title-changed', 'patch', 'title of `t` changed from "A" to "B"'],
      ['entry-changed', 'patch', '`annotations.x` of `t` changed from 1 to 2'],
    ]);
  });
});

describe('output schemas', () => {
  const out = (properties: Record<string, unknown>, required: string[] = []) =>
    tool('t', {}, { outputSchema: { type: 'object', properties, required } });

  it('an output schema removed: every field removed; one added: every field added', () => {
    const some = out({ id: { type: 'string' }, n: { type: 'number' } }, ['id']);
    expect(brief(diff([some], [tool('t', {})]).changes)).toEqual([
      ['output-field-removed', 'breaking', 'output field `id` removed'],
      ['output-field-removed', 'breaking', 'output field `n` removed'],
    ]);
    expect(diff([tool('t', {})], [some]).changes.map((c) => [c.rule, c.field])).toEqual([
      ['output-field-added', 'id'],
      ['output-field-added', 'n'],
    ]);
  });

  it("the direction is a reader's: a narrower type or a new bound is a patch, a wider type or a looser bound breaks", () => {
    const before = out({ a: { type: 'number' }, b: { type: 'integer' }, c: { type: 'number', maximum: 5 }, d: { type: 'string' } });
    const after = out({ a: { type: 'integer' }, b: { type: 'number' }, c: { type: 'number' }, d: { type: 'string', maxLength: 3 } });
    expect(diff([before], [after]).changes.map((c) => [c.rule, c.class, c.field, c.message])).toEqual([
      ['output-field-type-changed', 'breaking', 'b', 'output field `b`: type integer → number'],
      ['output-field-changed', 'breaking', 'c', 'output field `c`: maximum 5 → none'],
      ['output-field-narrowed', 'patch', 'a', 'output field `a` narrowed: type number → integer'],
      ['output-field-narrowed', 'patch', 'd', 'output field `d` narrowed: maxLength none → 3'],
    ]);
  });

  it('nested output fields have a path; a field now always present is narrowed, one that may be missing breaks', () => {
    const before = out({
      items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } },
      n: { type: 'number' },
    });
    const after = out(
      { items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }, n: { type: 'number' } },
      ['n'],
    );
    expect(diff([before], [after]).changes.map((c) => [c.rule, c.field])).toEqual([
      ['output-field-optional', 'items[].id'],
      ['output-field-narrowed', 'n'],
    ]);
  });

  it('output fields are never read as renamed', () => {
    expect(diff([out({ a: { type: 'string' } })], [out({ b: { type: 'string' } })]).changes.map((c) => c.rule)).toEqual([
      'output-field-removed',
      'output-field-added',
    ]);
  });
});

describe('tools', () => {
  it('renames need a unique match; an empty input schema alone is not one', () => {
    const r = diff([tool('a', {}, { description: 'one' })], [tool('b', {}, { description: 'two' })]);
    expect(r.changes.map((c) => [c.tool, c.rule])).toEqual([
      ['b', 'tool-added'],
      ['a', 'tool-removed'],
    ]);
    const same = { x: { type: 'string' } };
    const twice = diff(
      [tool('a', same, { description: 'one' }), tool('b', same, { description: 'two' })],
      [tool('c', same, { description: 'three' })],
    );
    expect(twice.changes.map((c) => [c.tool, c.rule])).toEqual([
      ['c', 'tool-added'],
      ['a', 'tool-removed'],
      ['b', 'tool-removed'],
    ]);
    const once = diff([tool('a', same, { description: 'one' })], [tool('c', same, { description: 'three' })]);
    expect(once.changes.map((c) => [c.tool, c.rule])).toEqual([
      ['c', 'tool-renamed'],
      ['c', 'tool-description-changed'],
    ]);
  });

  it('changes carry the head location when known; a removed tool none', () => {
    const locations = new Map([['b', { file: 'tools/b.ts', line: 3, column: 14 }]]);
    const r = diffToolSets({ tools: [tool('a', {}, { description: 'x' })] }, { tools: [tool('b', {}, { description: 'y' })], locations });
    expect(r.changes).toEqual([
      { tool: 'b', rule: 'tool-added', class: 'minor', message: 'tool `b` added', file: 'tools/b.ts', line: 3, column: 14 },
      { tool: 'a', rule: 'tool-removed', class: 'breaking', message: 'tool `a` removed' },
    ]);
  });

  it('entry fields no rule reads are listed as entry-changed', () => {
    expect(brief(diff([tool('t', {}, { _meta: { v: 1 } })], [tool('t', {}, { execution: { taskSupport: 'required' } })]).changes)).toEqual([
      ['entry-changed', 'patch', '`_meta` of `t` changed from {"v":1} to none'],
      ['entry-changed', 'patch', '`execution` of `t` changed from none to {"taskSupport":"required"}'],
    ]);
  });
});

describe('bumpOf', () => {
  const c = (cls: DiffChange['class']): DiffChange => ({ tool: 't', rule: 'r', class: cls, message: '' });
  it('is the highest class found', () => {
    expect(bumpOf([])).toBe('none');
    expect(bumpOf([c('patch')])).toBe('patch');
    expect(bumpOf([c('patch'), c('minor')])).toBe('minor');
    expect(bumpOf([c('minor'), c('breaking'), c('patch')])).toBe('major');
  });
});

describe('toolsOf: a base given as a value or read from a file is checked', () => {
  it('names the JSON path of the first bad value', () => {
    expect(() => toolsOf([], 'x.json')).toThrow(/^x\.json: tools: missing, or not an array/);
    expect(() => toolsOf({ tools: [{ name: 'a', inputSchema: {} }, { name: '' }] }, 'x.json')).toThrow(
      'x.json: tools[1].name: not a non-empty string',
    );
    expect(() =>
      toolsOf(
        {
          tools: [
            { name: 'a', inputSchema: {} },
            { name: 'a', inputSchema: {} },
          ],
        },
        'x.json',
      ),
    ).toThrow('x.json: tools[1].name: "a" is listed twice');
    expect(() => toolsOf({ tools: [{ name: 'a' }] }, 'x.json')).toThrow('x.json: tools[0].inputSchema: missing, or not an object');
  });
});
