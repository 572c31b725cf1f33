/** Tests of `parseSpecs` and `parseJsonInput`: defaults, short and full forms, paths of problems. */

import { describe, expect, it } from 'vitest';
import { JsonInputError, parseJsonInput } from '../../src/util/json-input.js';
import { renderTool, renderToolTest } from '../../src/scaffold/render.js';
import { parseSpecs, SpecError } from '../../src/scaffold/spec.js';

function specError(input: unknown): { path: string; problem: string } {
  try {
    parseSpecs(input);
  } catch (err) {
    if (err instanceof SpecError) return { path: err.path, problem: err.problem };
    throw err;
  }
  throw new Error('expected a SpecError');
}

const ok = { name: 'set_font', description: 'Sets the font.', mutates: true, params: {} };

describe('parseSpecs', () => {
  it('fills defaults: tier core (what serve serves by default), domain from mutates; mutates stays undeclared', () => {
    const [a] = parseSpecs({ name: 'get_x', description: 'd' });
    // no `mutates` key: a spec that does not say is not a read-only claim, and it is not filed under read/
    expect(a).toStrictEqual({
      name: 'get_x',
      description: 'd',
      domain: 'modify',
      tier: 'core',
      params: {},
      inferences: [],
    });
    expect(parseSpecs({ name: 'get_x', description: 'd', mutates: false })[0]).toMatchObject({ mutates: false, domain: 'read' });
    expect(parseSpecs(ok)[0]!.domain).toBe('modify');
  });

  it('takes an array and resolves short and full forms in order', () => {
    const specs = parseSpecs([ok, { ...ok, name: 'b', params: { 'n!': 'Node id', w: { type: 'number', description: 'W', min: 1 } } }]);
    expect(specs.map((s) => s.name)).toEqual(['set_font', 'b']);
    expect(specs[1]!.params).toStrictEqual({
      n: { type: 'string', description: 'Node id', required: true },
      w: { type: 'number', description: 'W', min: 1 },
    });
    expect(specs[1]!.inferences.map((i) => i.name)).toEqual(['n']);
  });

  it.each([
    ['a bad tool name', { ...ok, name: 'Set Font' }, '$.name', /must match/],
    ['a dotted tool name', { ...ok, name: 'font.set' }, '$.name', /must match/],
    ['a 65-character name', { ...ok, name: 'a'.repeat(65) }, '$.name', /at most 64/],
    ['an empty description', { ...ok, description: '  ' }, '$.description', /missing or empty/],
    ['a missing name', { description: 'd' }, '$.name', /^missing required key "name"$/],
    ['a mistyped mutates', { ...ok, mutates: 'yes' }, '$.mutates', /^"mutates" must be true or false, not the string "yes"$/],
    ['an unknown key', { ...ok, colour: 1 }, '$.colour', /^unknown key "colour"$/],
    ['an unknown tier', { ...ok, tier: 'main' }, '$.tier', /^"tier" must be one of "core", "extended", not the string "main"$/],
    ['a domain with a slash', { ...ok, domain: '../etc' }, '$.domain', /one folder name/],
    ['an unknown param type', { ...ok, params: { w: { type: 'object', description: 'x' } } }, '$.params.w.type', /string/],
    [
      'an empty param description',
      { ...ok, params: { w: { type: 'number', description: '' } } },
      '$.params.w.description',
      /missing or empty/,
    ],
    ['an empty short-form description', { ...ok, params: { w: '' } }, '$.params.w', /missing or empty/],
    ['a bad param name', { ...ok, params: { 'font-size': 'Size' } }, '$.params["font-size"]', /must match/],
    ['a param given twice', { ...ok, params: { id: 'a', 'id!': 'b' } }, '$.params["id!"]', /given twice/],
    [
      'an enum member of the wrong type',
      { ...ok, params: { w: { type: 'number', description: 'x', enum: [1, 'b'] } } },
      '$.params.w.enum',
      /not of type number/,
    ],
    ['min above max', { ...ok, params: { w: { type: 'number', description: 'x', min: 9, max: 1 } } }, '$.params.w.min', /greater than max/],
    [
      'an unknown param key',
      { ...ok, params: { w: { type: 'number', description: 'x', minimum: 1 } } },
      '$.params.w.minimum',
      /^unknown key "minimum"/,
    ],
    ['an empty array', [], '$', /no spec/],
  ])('refuses %s with its JSON path', (_label, input, path, problem) => {
    const e = specError(input);
    expect(e.path).toBe(path);
    expect(e.problem).toMatch(problem);
  });

  it('names the array element in the path', () => {
    expect(specError([ok, { ...ok, name: 'x', params: { w: { type: 'nope', description: 'd' } } }]).path).toBe('$[1].params.w.type');
  });

  // Defaults and omitted arguments: a param with both required and a default is a definition error, reported with its path
  it('refuses required together with a default', () => {
    const e = specError({ ...ok, params: { italic: { type: 'boolean', description: 'Italic', required: true, default: false } } });
    expect(e.path).toBe('$.params.italic.default');
    expect(e.problem).toMatch(/both required and defaulted/);
    const e2 = specError({ ...ok, params: { 'italic!': { type: 'boolean', description: 'Italic', default: false } } });
    expect(e2.path).toBe('$.params["italic!"].default');
  });

  it('takes a string param with lengths and a pattern, writes them, and samples a value that fits them', () => {
    const code = { type: 'string', description: 'Digits only', required: true, min: 6, max: 8, pattern: '^[0-9]+$' };
    const [spec] = parseSpecs({ ...ok, params: { code } });
    expect(spec!.params).toStrictEqual({ code });
    expect(renderTool(spec!)).toContain(
      "code: { type: 'string', description: 'Digits only', required: true, min: 6, max: 8, pattern: '^[0-9]+$' },",
    );
    // 'example' and 'aaaaaa' do not match the pattern; '0' padded to min 6 does
    expect(renderToolTest(spec!)).toContain("const sample = { code: '000000' };");
  });

  it('refuses a string pattern that does not compile and a negative length, at their JSON paths', () => {
    const bad = specError({ ...ok, params: { q: { type: 'string', description: 'Query', pattern: '(' } } });
    expect(bad.path).toBe('$.params.q.pattern');
    expect(bad.problem).toMatch(/^"\(" is not a valid regular expression with the u flag/);
    expect(specError({ ...ok, params: { q: { type: 'string', description: 'Query', max: -1 } } })).toEqual({
      path: '$.params.q.max',
      problem: 'is a length in characters (Unicode code points) and must be a whole number >= 0, got -1',
    });
  });
});

describe('parseJsonInput', () => {
  const at = (text: string) => {
    try {
      parseJsonInput(text);
    } catch (err) {
      if (err instanceof JsonInputError) return [err.line, err.column, err.problem];
      throw err;
    }
    return 'parsed';
  };

  it('parses valid JSON and skips a BOM', () => {
    expect(parseJsonInput('\ufeff{"a": [1, "中文"]}')).toStrictEqual({ a: [1, '中文'] });
  });

  it.each([
    ['{"a":}', [1, 6, 'expected a value (object, array, string, number, true, false or null), found "}"']],
    ['{\n  "name": "x",\n  "params": {\n    "a": "b",\n  }\n}', [5, 3, 'expected a property name in double quotes, found "}"']],
    ['{"a": 1', [1, 8, "expected ',' or '}', found the end of the input"]],
    ['', [1, 1, 'expected a value (object, array, string, number, true, false or null), found the end of the input']],
    ["{'a': 1}", [1, 2, 'expected a property name in double quotes, found "\'"']],
    [
      '{"a": "x\ny"}',
      [1, 9, 'expected a closing quote (a raw line break or control character cannot be inside a string; write \\n), found "\\n"'],
    ],
    ['[1 2]', [1, 4, "expected ',' or ']', found \"2\""]],
    ['{"a": 1} x', [1, 10, 'expected the end of the input, found "x"']],
    ['{"a": "\\q"}', [1, 9, 'expected an escape (\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX), found "q"']],
  ])('reports %j at its line and column', (text, expected) => {
    expect(at(text)).toStrictEqual(expected);
  });
});

// The documented short format verbatim, and plain messages with the JSON path
describe('parseSpecs: the short format and plain messages', () => {
  const documented = [{ name: 'set_font', desc: 'Set font properties', mutates: true, params: { font: 'Font family', weight: '100-900' } }];

  it('takes the documented short format verbatim, desc as description', () => {
    const [spec] = parseSpecs(documented);
    expect(spec).toStrictEqual({
      name: 'set_font',
      description: 'Set font properties',
      mutates: true,
      domain: 'modify',
      tier: 'core',
      params: {
        font: { type: 'string', description: 'Font family' },
        weight: { type: 'number', description: 'TODO: describe weight for the model', min: 100, max: 900, integer: true },
      },
      inferences: spec!.inferences,
    });
    expect(parseSpecs(documented[0])).toStrictEqual(parseSpecs(documented));
  });

  it('takes desc in a full-form param too', () => {
    expect(parseSpecs({ ...documented[0], params: { weight: { type: 'number', desc: 'CSS weight', min: 100 } } })[0]!.params).toStrictEqual(
      { weight: { type: 'number', description: 'CSS weight', min: 100 } },
    );
  });

  it.each([
    ['no description at all', { name: 'a_b' }, '$.description', 'missing required key "description" (or its short form "desc")'],
    [
      'both description and desc',
      { name: 'a_b', desc: 'x', description: 'y' },
      '$.desc',
      'give "description" or its short form "desc", not both',
    ],
    ['a misspelt key', { name: 'a_b', descripton: 'Sets it.' }, '$.descripton', 'unknown key "descripton" (did you mean "description"?)'],
    ['mutate for mutates', { ...documented[0], mutate: true }, '$.mutate', 'unknown key "mutate" (did you mean "mutates"?)'],
    [
      'a misspelt param key',
      { ...documented[0], params: { w: { type: 'number', desc: 'x', defualt: 1 } } },
      '$.params.w.defualt',
      'unknown key "defualt" (did you mean "default"?)',
    ],
    [
      'a number where a number is not',
      { ...documented[0], params: { w: { type: 'number', desc: 'x', min: '1' } } },
      '$.params.w.min',
      '"min" must be a number, not the string "1"',
    ],
    [
      'a tier close to one',
      { ...documented[0], tier: 'cor' },
      '$.tier',
      '"tier" must be one of "core", "extended", not the string "cor" (did you mean "core"?)',
    ],
    [
      'a param that is a number',
      { ...documented[0], params: { weight: 400 } },
      '$.params.weight',
      'param "weight" must be its description (short form, e.g. "100-900") or an object { "type", "description", ... }, not the number 400',
    ],
    ['an empty desc', { name: 'a_b', desc: ' ' }, '$.desc', 'is missing or empty'],
    ['a spec that is a string', 'set_font', '$', 'the value must be an object, not the string "set_font"'],
  ])('refuses %s in plain words', (_label, input, path, problem) => {
    expect(specError(input)).toEqual({ path, problem });
  });
});

describe('a spec output', () => {
  const tool = { name: 'find_node', description: 'Finds a node.', params: {} };
  it('short form is a string field ("id!" required), long form as in defineTool, nested properties alike', () => {
    const [spec] = parseSpecs({
      ...tool,
      output: { 'id!': 'Node id', items: { type: 'object[]', desc: 'Items', properties: { 'n!': 'N' } } },
    });
    expect(spec!.output).toStrictEqual({
      id: { type: 'string', description: 'Node id', required: true },
      items: { type: 'object[]', description: 'Items', properties: { n: { type: 'string', description: 'N', required: true } } },
    });
  });
  it.each([
    ['an unknown type', { a: { type: 'date', description: 'A' } }, '$.output.a.type', /unknown type "date"/],
    ['an empty short form', { a: '' }, '$.output.a', /missing or empty/],
    [
      'a nested problem',
      { a: { type: 'object', description: 'A', properties: { b: { type: 'string' } } } },
      '$.output.a.properties.b.description',
      /missing or empty/,
    ],
    ['not a description or object', { a: 3 }, '$.output.a', /must be its description/],
  ])('%s is refused at its JSON path', (_label, output, path, message) => {
    expect(() => parseSpecs({ ...tool, output })).toThrow(expect.objectContaining({ path, problem: expect.stringMatching(message) }));
  });
});
