/** Tests of scaffold specs as people write them: integer params, `__proto__` keys and descriptions past the limits. */

import { describe, expect, it } from 'vitest';
import { parseJsonInput } from '../../src/util/json-input.js';
import { parseSpecs, SpecError } from '../../src/scaffold/spec.js';
import { renderTool } from '../../src/scaffold/render.js';
import { resolveSpecs } from '../../src/scaffold/run.js';
import { DEFAULT_LIMITS } from '../../src/validate/limits.js';

const description = 'Counts the rows of a table that match a filter.';

describe('scaffold spec: integer params', () => {
  it('"type": "integer" gives a number param with integer: true, and the generated tool says so', () => {
    const [spec] = parseSpecs({ name: 'count_rows', description, params: { limit: { type: 'integer', description: 'Rows at most.' } } });
    expect(spec!.params.limit).toStrictEqual({ type: 'number', integer: true, description: 'Rows at most.' });
    expect(renderTool(spec!)).toContain(`limit: { type: 'number', description: 'Rows at most.', integer: true }`);
  });

  it('"integer": true on a number param is kept and rendered', () => {
    const [spec] = parseSpecs({
      name: 'count_rows',
      description,
      params: { limit: { type: 'number', integer: true, description: 'Rows.', min: 1 } },
    });
    expect(spec!.params.limit).toStrictEqual({ type: 'number', integer: true, min: 1, description: 'Rows.' });
    expect(renderTool(spec!)).toContain(`limit: { type: 'number', description: 'Rows.', min: 1, integer: true }`);
  });

  it('"integer" on a string param, or "type": "integer" with "integer": false, is refused at its path', () => {
    const err = (input: unknown) => {
      try {
        parseSpecs(input);
      } catch (e) {
        if (e instanceof SpecError) return e.message;
        throw e;
      }
      throw new Error('expected a SpecError');
    };
    expect(err({ name: 'a_b', description, params: { q: { type: 'string', integer: true, description: 'Q.' } } })).toMatch(
      /^\$\.params\.q\.integer: applies to number params only/,
    );
    expect(err({ name: 'a_b', description, params: { q: { type: 'integer', integer: false, description: 'Q.' } } })).toMatch(
      /^\$\.params\.q\.integer: /,
    );
  });
});

describe('scaffold spec: __proto__ keys', () => {
  it('a "__proto__" param, as JSON.parse reads it, is refused naming it (not dropped)', () => {
    const input = parseJsonInput(
      `{ "name": "get_x", "description": "${description}", "params": { "__proto__": "a value", "q": "query" } }`,
    );
    expect(() => parseSpecs(input)).toThrow(SpecError);
    expect(() => parseSpecs(input)).toThrow(/\$\.params\.__proto__: "__proto__" cannot be a param name/);
  });

  it('a "__proto__" output field is refused too, inside an array at its index', () => {
    const input = parseJsonInput(`[{ "name": "get_x", "description": "${description}", "output": { "__proto__": "x" } }]`);
    expect(() => parseSpecs(input)).toThrow(/\$\[0\]\.output\.__proto__: "__proto__" cannot be an output field name/);
  });
});

describe('scaffold spec: description length warning', () => {
  it(`warns over validate's descriptionMax (${DEFAULT_LIMITS.descriptionMax} code points), not at it`, () => {
    const at = 'é'.repeat(DEFAULT_LIMITS.descriptionMax);
    expect(resolveSpecs({ name: 'get_x', description: at, mutates: false })[0]!.warnings).toStrictEqual([]);
    const [over] = resolveSpecs({ name: 'get_x', description: `${at}x`, mutates: false });
    expect(over!.warnings).toStrictEqual([
      `the description has ${DEFAULT_LIMITS.descriptionMax + 1} characters, over ${DEFAULT_LIMITS.descriptionMax}; some clients cut it; npx agent-tools validate will report it (tool-description)`,
    ]);
  });
});
