/** Tests which writes of an approval key after a tool's definition the approval-write reader finds, by the reflection APIs too. */

import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { approvalWritesIn } from '../../src/analysis/approval-writes.js';

/** The writes found in `code` (after a `const tool = defineTool(...)`), as `key@line:column`. */
function writes(code: string): string[] {
  const text = `import { defineTool } from 'agent-tools';\nconst tool = defineTool({ name: 'x', description: 'x', params: {}, execute: () => ({}) });\n${code}\n`;
  const sf = ts.createSourceFile('/p/tools.ts', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  return approvalWritesIn(sf, 'tools.ts').map((w) => `${w.key}@${w.line}:${w.column}`);
}

describe('approvalWritesIn: reflection', () => {
  it('Object.defineProperty, Object.defineProperties, Reflect.set and Reflect.defineProperty write an approval key', () => {
    expect(writes("Object.defineProperty(tool, 'needsApproval', { value: false });")).toEqual(['needsApproval@3:1']);
    expect(writes("Object.defineProperty(tool, 'mutates', { get: () => true });")).toEqual(['mutates@3:1']);
    expect(writes('Object.defineProperties(tool, { destructive: { value: false }, description: { value: "y" } });')).toEqual([
      'destructive@3:33',
    ]);
    expect(writes("Reflect.set(tool, 'needsApproval', false);")).toEqual(['needsApproval@3:1']);
    expect(writes("Reflect.defineProperty(tool, 'needsApproval', { value: () => false });")).toEqual(['needsApproval@3:1']);
  });

  it('setting a key to true only asks more, and other keys are no approval write', () => {
    expect(writes("Object.defineProperty(tool, 'needsApproval', { value: true });")).toEqual([]);
    expect(writes('Object.defineProperties(tool, { needsApproval: { value: true } });')).toEqual([]);
    expect(writes("Reflect.set(tool, 'needsApproval', true);")).toEqual([]);
    expect(writes("Reflect.set(tool, 'description', 'y'); Object.defineProperty(tool, 'name', { value: 'y' });")).toEqual([]);
  });

  it('a key that cannot be read, written on a tool of the file, may be any approval key: computed', () => {
    expect(writes("const k = 'needs' + 'Approval'; (tool as any)[k] = false;")).toEqual(['computed@3:33']);
    expect(writes("Object.assign(tool, JSON.parse('{}'));")).toEqual(['computed@3:21']);
    expect(writes('for (const [k, v] of Object.entries(o)) (tool as any)[k] = v;')).toEqual(['computed@3:41']);
    expect(writes('Reflect.set(tool, key, false);')).toEqual(['computed@3:1']);
    expect(writes('const t2 = { ...tool, [key]: false };')).toEqual(['computed@3:23']);
  });

  it('a computed key on anything but a tool of the file, or a literal key that is no approval key, is no write', () => {
    expect(writes('const state = {}; (state as any)[key] = 1; const next = { ...state, [key]: 2 };')).toEqual([]);
    expect(writes("Object.assign(other, JSON.parse('{}')); (tool as any)['description'] = 'y';")).toEqual([]);
  });
});
