/** Tests how the key an object literal member sets is read: names, computed keys of static strings, accessors, unread keys. */

import { describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import { approvalPoliciesIn } from '../../src/analysis/approval-rules.js';
import { memberKey } from '../../src/analysis/member-key.js';

const parse = (text: string) => ts.createSourceFile('agent.ts', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);

/** The keys of the members of the object literal `const o = <object>`, after `before`, as text. */
function keys(object: string, before = ''): string[] {
  const sf = parse(`${before}\nconst o = ${object};`);
  const decl = sf.statements.at(-1) as ts.VariableStatement;
  const obj = decl.declarationList.declarations[0]!.initializer as ts.ObjectLiteralExpression;
  return obj.properties.map((p) => {
    const k = memberKey(p, sf);
    return k === undefined ? 'spread' : 'unread' in k ? `unread: ${k.unread}` : `${k.name}${k.value ? '' : ' (no value)'}`;
  });
}

describe('memberKey', () => {
  it('reads names, string and number keys, and computed keys of static strings', () => {
    expect(
      keys(`{ allow: 1, 'ask': 2, 3: 3, ['deny']: 4, [\`approve\`]: 5, ['al' + 'low']: 6, [\`a\${'pp'}roval\`]: 7, x, ...y }`),
    ).toEqual(['allow', 'ask', '3', 'deny', 'approve', 'allow', 'approval', 'x', 'spread']);
    expect(keys('{ [K]: 1, [P + S]: 2 }', "const K = 'allow'; const P = 'appr'; const S = 'oval';")).toEqual(['allow', 'approval']);
  });

  it('a getter or a method has a key and no value; a computed key that cannot be known is unread', () => {
    expect(keys('{ get approval() { return {}; }, approve() { return true; }, set ask(v) {} }')).toEqual([
      'approval (no value)',
      'approve (no value)',
      'ask (no value)',
    ]);
    expect(keys('{ [K]: 1 }', "let K = 'allow';")).toEqual(['unread: [K], a key that cannot be read']);
    expect(keys('{ [k()]: 1 }', 'declare function k(): string;')).toEqual(['unread: [k()], a key that cannot be read']);
    expect(keys('{ [K]: 1 }', "const K = 'allow'; function f(K: string) {}")).toEqual(['unread: [K], a key that cannot be read']);
  });
});

describe('approvalPoliciesIn: computed keys and accessors', () => {
  const policies = (text: string) =>
    approvalPoliciesIn(
      parse(`import { createRegistry } from 'agent-tools';\nimport { toolsToAI } from 'agent-tools/ai';\n${text}`),
      'agent.ts',
    ).map((p) => ({ rules: p.lists.allow?.map((r) => r.rule), why: p.unread?.why }));

  it('reads a policy under computed keys of static strings', () => {
    expect(policies("createRegistry({ core: [], approval: { ['allow']: ['delete_note'] } });")).toEqual([
      { rules: ['delete_note'], why: undefined },
    ]);
    expect(policies("createRegistry({ core: [], approval: { ask: [], ...({ ['al' + 'low']: ['delete_note'] }) } });")).toEqual([
      { rules: ['delete_note'], why: undefined },
    ]);
    expect(policies("const K = 'allow';\ntoolsToAI(registry, { approval: { [K]: ['delete_note'] } });")).toEqual([
      { rules: ['delete_note'], why: undefined },
    ]);
    expect(policies("toolsToAI(registry, { ['approval']: { allow: ['delete_note'] } });")).toEqual([
      { rules: ['delete_note'], why: undefined },
    ]);
  });

  it('a getter for the policy or a list, or a key that cannot be read, is a policy that cannot be read', () => {
    expect(policies("toolsToAI(registry, { get approval() { return { allow: ['delete_note'] }; } });")).toEqual([
      { rules: undefined, why: 'approval is an accessor, whose value cannot be read' },
    ]);
    expect(policies("createRegistry({ core: [], approval: { get allow() { return ['delete_note']; } } });")).toEqual([
      { rules: undefined, why: 'allow is an accessor, whose value cannot be read' },
    ]);
    expect(policies("toolsToAI(registry, { approval: { [key()]: ['delete_note'] } });")).toEqual([
      { rules: undefined, why: '[key()], a key that cannot be read' },
    ]);
    // a callback written as a method is no policy
    expect(policies('toolsToAI(registry, { onToolLog(e) { console.log(e); } });')).toEqual([]);
  });
});
