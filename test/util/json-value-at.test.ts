/** Tests of jsonValueAt (where a value of a JSON file a user wrote starts, for a finding at the entry) and of JSON with comments. */

import { describe, expect, it } from 'vitest';
import { jsonValueAt, jsonWithoutComments, parseJsonInput } from '../../src/util/json-input.js';

const TEXT = '{\n  "approval": {\n    "deny": ["a", "b"],\r\n    "allow": [\n      "x_*"\n    ]\n  }\n}\n';

describe('jsonValueAt', () => {
  it('finds array entries and objects by path, with 0-based offset and 1-based line and column', () => {
    expect(jsonValueAt(TEXT, ['approval', 'deny', 1])).toEqual({ offset: TEXT.indexOf('"b"'), line: 3, column: 19 });
    expect(jsonValueAt(TEXT, ['approval', 'allow', 0])).toEqual({ offset: TEXT.indexOf('"x_*"'), line: 5, column: 7 });
    expect(jsonValueAt(TEXT, ['approval'])).toEqual({ offset: TEXT.indexOf('{', 1), line: 2, column: 15 });
    expect(jsonValueAt(TEXT, [])).toEqual({ offset: 0, line: 1, column: 1 });
  });

  it('is undefined for a path that is not there, or text that does not parse', () => {
    expect(jsonValueAt(TEXT, ['approval', 'deny', 2])).toBeUndefined();
    expect(jsonValueAt(TEXT, ['approval', 'ask', 0])).toBeUndefined();
    expect(jsonValueAt('{"approval": {"deny": ["a",]}}', ['approval', 'deny', 0])).toBeUndefined();
  });

  it('counts a leading BOM in the offset but not in the column, as editors show it', () => {
    const text = '\ufeff{"deny": ["a"]}';
    expect(jsonValueAt(text, ['deny', 0])).toEqual({ offset: 11, line: 1, column: 11 });
  });

  it('of a key given twice, finds the last value, the one JSON.parse keeps', () => {
    expect(jsonValueAt('{"k": 1, "k": 2}', ['k'])).toEqual({ offset: 14, line: 1, column: 15 });
  });

  it('reads JSON with comments and trailing commas as JSON of the same length, each value where the file writes it', () => {
    const jsonc = '{\n  // a "quoted" word, /* not a block */\n  "a": "x // y, /* z */", /* b */ "b": [1, 2,\r\n  ],\n}\n';
    const plain = jsonWithoutComments(jsonc);
    expect([plain.length, parseJsonInput(plain)]).toEqual([jsonc.length, { a: 'x // y, /* z */', b: [1, 2] }]);
    expect(jsonValueAt(plain, ['b'])).toEqual({ offset: jsonc.indexOf('[1'), line: 3, column: 40 });
    // what is not JSON stays not JSON: an unclosed comment swallows the rest
    expect(() => parseJsonInput(jsonWithoutComments('{"a": 1 /* }'))).toThrow();
  });
});
