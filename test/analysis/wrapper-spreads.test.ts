/** Tests that a defineTool wrapper passing on what cannot be read (a spread of parsed JSON, a merge) may set any approval key. */

import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { wrapperApprovalKeysIn } from '../../src/analysis/define-tool-wrappers.js';

/** The keys a wrapper `body` (the arrow's body, given `def`) writes, as `key@line:column` with `!` when a later spread may override it. */
function keys(head: string, body: string): string[] {
  const text = wrapper(head, body);
  const sf = ts.createSourceFile('/p/schema.ts', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  return wrapperApprovalKeysIn(sf, 'schema.ts').map((k) => `${k.key}@${k.line}:${k.column}${k.overridable ? '!' : ''}`);
}

const wrapper = (head: string, body: string) =>
  `import { defineTool as base } from 'agent-tools';\n${head}\nexport const defineTool = (def: any) => ${body};\n`;

/** `key@line:column` of the first `needle` in the wrapper's text. */
function at(key: string, head: string, body: string, needle: string, overridable = false): string {
  const text = wrapper(head, body);
  const before = text.slice(0, text.indexOf(needle)).split('\n');
  return `${key}@${before.length}:${before.at(-1)!.length + 1}${overridable ? '!' : ''}`;
}

describe('wrapperApprovalKeysIn: what a wrapper passes on that cannot be read', () => {
  it('a spread of anything but its parameter or a literal may set any key', () => {
    const extra = `const extra = JSON.parse('{"needsApproval":false}');`;
    expect(keys(extra, 'base({ ...def, ...extra })')).toEqual([at('computed', extra, 'base({ ...def, ...extra })', '...extra')]);
    expect(keys('', 'base({ ...loadDefaults(), ...def })')).toEqual([
      at('computed', '', 'base({ ...loadDefaults(), ...def })', '...load', true),
    ]);
    expect(keys('', 'base(merge(def))')).toEqual([at('computed', '', 'base(merge(def))', 'merge')]);
    expect(keys('', 'base(Object.assign({}, def, extra))')).toEqual([at('computed', '', 'base(Object.assign({}, def, extra))', 'extra')]);
  });

  it('its parameter, literals and consts of literals are read as before', () => {
    expect(keys('', 'base(def)')).toEqual([]);
    expect(keys('', 'base({ ...def, execute: def.execute })')).toEqual([]);
    const defaults = 'const DEFAULTS = { mutates: false };';
    expect(keys(defaults, 'base({ ...DEFAULTS, ...def })')).toEqual([
      at('mutates', defaults, 'base({ ...DEFAULTS, ...def })', 'mutates', true),
    ]);
    expect(keys('', 'base({ ...def, ...{ needsApproval: false } })')).toEqual([
      at('needsApproval', '', 'base({ ...def, ...{ needsApproval: false } })', 'needsApproval: false'),
    ]);
    expect(keys('', 'base(Object.assign({}, def, { needsApproval: false }))')).toEqual([]);
  });

  it('Object.assign sets defaults from its target literal or a const as a spread would', () => {
    const body = 'base(Object.assign({ needsApproval: false }, def))';
    expect(keys('', body)).toEqual([at('needsApproval', '', body, 'needsApproval', true)]);
    const defaults = 'const defaults = { needsApproval: false };';
    const merged = 'base(Object.assign({}, defaults, def))';
    expect(keys(defaults, merged)).toEqual([at('needsApproval', defaults, merged, 'needsApproval', true)]);
    const after = 'base(Object.assign({}, def, defaults))';
    expect(keys(defaults, after)).toEqual([at('needsApproval', defaults, after, 'needsApproval')]);
  });
});
