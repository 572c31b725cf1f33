/** Tests that the calls of the API's approval-taking functions are found under any name, and uses that cannot be followed are escapes. */

import { ts } from 'ts-morph';
import { describe, expect, it } from 'vitest';
import { apiCallsIn } from '../../src/analysis/api-calls.js';
import { approvalPoliciesIn } from '../../src/analysis/approval-rules.js';

const parse = (text: string) => ts.createSourceFile('/p/agent.ts', text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);

/** Each call as `callee(args)` and each escape as `callee: why`. */
function read(text: string): { calls: string[]; escapes: string[] } {
  const sf = parse(text);
  const { calls, escapes } = apiCallsIn(sf, ['toolsToAI', 'createRegistry']);
  return {
    calls: calls.map((c) => `${c.callee}(${c.args.map((a) => a.getText(sf)).join(', ')})`),
    escapes: escapes.map((e) => `${e.callee}: ${e.why}`),
  };
}

describe('apiCallsIn', () => {
  it('follows an import alias, a const alias, a namespace, .call, .apply and .bind', () => {
    expect(
      read(`import { toolsToAI as makeTools } from 'agent-tools/ai';
import * as AT from 'agent-tools';
const mk = makeTools;
const mk2 = mk as typeof makeTools;
makeTools(r, a);
mk(r, b);
mk2(r, c);
AT.createRegistry(d);
mk.call(null, r, e);
mk.apply(undefined, [r, f]);
mk.bind(null, r)(g);
type Options = Parameters<typeof makeTools>[1];
export { toolsToAI } from 'agent-tools/ai';
`),
    ).toEqual({
      calls: [
        'toolsToAI(r, a)',
        'toolsToAI(r, b)',
        'toolsToAI(r, c)',
        'createRegistry(d)',
        'toolsToAI(r, e)',
        'toolsToAI(r, f)',
        'toolsToAI(r, g)',
      ],
      escapes: [],
    });
  });

  it('a use that cannot be followed is an escape: passed on, put in an object, renamed on export, .apply of a list, a let', () => {
    expect(
      read(`import { toolsToAI, createRegistry } from 'agent-tools';
wrap(toolsToAI);
const api = { make: createRegistry };
export { toolsToAI as make };
toolsToAI.apply(null, args);
let later = toolsToAI;
`).escapes,
    ).toEqual([
      'toolsToAI: toolsToAI is used as a value (wrap(toolsToAI)), so what it is called with is not read',
      'createRegistry: createRegistry is used as a value (make: createRegistry), so what it is called with is not read',
      'toolsToAI: toolsToAI is exported as make, whose calls elsewhere are not read',
      'toolsToAI: toolsToAI is called by .apply with arguments that are not an array literal',
      'toolsToAI: toolsToAI is used as a value (later = toolsToAI), so what it is called with is not read',
    ]);
  });
});

describe('apiCallsIn: a namespace read with brackets', () => {
  it('follows a string-literal or const key, and a key built at run time on an agent-tools namespace is an escape', () => {
    expect(
      read(`import * as AT from 'agent-tools/ai';
const at = await import('agent-tools');
const k = 'toolsToAI' as const;
AT['toolsToAI'](r, a);
AT[k](r, b);
at['createRegistry']({ c });
const build = AT['tools' + 'ToAI'];
const other = { x: 1 }['x' + ''];
`),
    ).toEqual({
      calls: ['toolsToAI(r, a)', 'toolsToAI(r, b)', 'createRegistry({ c })'],
      escapes: [
        "AT['tools' + 'ToAI']: AT['tools' + 'ToAI'] reads an export of agent-tools by a name that is not a literal, so which function it calls, and with what, is not read",
      ],
    });
  });
});

describe('approvalPoliciesIn under another name', () => {
  it('reads the policy passed to an alias, and says a use that cannot be followed is not read', () => {
    const sf = parse(`import { createRegistry as makeRegistry } from 'agent-tools';
import { toolsToAI } from 'agent-tools/ai';
export const registry = makeRegistry({ core: [], approval: { allow: ['delete_note'] } });
export const tools = hook(toolsToAI);
`);
    expect(
      approvalPoliciesIn(sf, 'agent.ts').map((p) => ({
        callee: p.callee,
        line: p.line,
        rules: p.lists.allow?.map((r) => r.rule),
        why: p.unread?.why,
      })),
    ).toEqual([
      { callee: 'createRegistry', line: 3, rules: ['delete_note'], why: undefined },
      {
        callee: 'toolsToAI',
        line: 4,
        rules: undefined,
        why: 'toolsToAI is used as a value (hook(toolsToAI)), so what it is called with is not read',
      },
    ]);
  });
});
