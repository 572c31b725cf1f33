/** Tests how an `approve` callback passed to an adapter is read: approves every call, decides per call, or cannot be read. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { approvalWritesIn } from '../../src/analysis/approval-writes.js';
import { ts } from 'ts-morph';

const dir = mkdtempSync(join(tmpdir(), 'agent-tools-approver-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

writeFileSync(
  join(dir, 'approvers.ts'),
  `export const autoApprove = () => true;
export function askHuman(req: { tool: { name: string } }) { return confirm(req.tool.name); }
const bot = async () => ({ approved: true, by: 'bot' });
export { bot as botApprover };
export default () => true;
export const autoOptions = { approve: () => true, maxSteps: 5 };
export const plainOptions = { maxSteps: 5 };
`,
);

/** What `agent.ts` with `head` before a `toolsToAI(registry, { <options> })` call yields: `all`, `unread: <why>`, `decides` or `none`. */
function reading(options: string, head = ''): string {
  const text = `import { toolsToAI } from 'agent-tools/ai';\n${head}\nexport const tools = toolsToAI(registry, ${options});\n`;
  const path = join(dir, 'agent.ts');
  writeFileSync(path, text);
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  const writes = approvalWritesIn(sf, 'agent.ts').filter((w) => w.key === 'approve');
  if (writes.length === 0) return 'none';
  expect(writes).toHaveLength(1);
  expect(writes[0]!.callee).toBe('toolsToAI()');
  if (writes[0]!.decides !== undefined) return 'decides';
  return writes[0]!.unread === undefined ? 'all' : `unread: ${writes[0]!.unread}`;
}

describe('readApprover, through approvalWritesIn', () => {
  it('approves every call: literals, constant answers, objects that approve, fallbacks, consts and imports', () => {
    expect(reading('{ approve: () => true }')).toBe('all');
    expect(reading('{ approve: async () => true }')).toBe('all');
    expect(reading('{ approve: () => !false }')).toBe('all');
    expect(reading('{ approve: () => !!1 }')).toBe('all');
    expect(reading(`{ approve: async () => ({ approved: true, by: 'bot' }) }`)).toBe('all');
    expect(reading('{ approve: () => Promise.resolve(true) }')).toBe('all');
    expect(reading('{ approve: function () { console.log("auto"); return true; } }')).toBe('all');
    expect(reading('{ approve() { return true; } }')).toBe('all');
    expect(reading('{ approve: (r) => r.tool.name === "x" || true }')).toBe('all');
    expect(reading('{ approve: autoApprove }', 'const autoApprove = () => true;')).toBe('all');
    expect(reading('{ approve }', 'const approve = () => true;')).toBe('all');
    expect(reading('{ approve: ALLOW }', 'function ALLOW() { return true; }')).toBe('all');
    expect(reading('{ approve: () => ALLOW }', 'const ALLOW = true;')).toBe('all');
    expect(reading('{ approve: options.approve ?? (() => true) }', 'declare const options: any;')).toBe('all');
    expect(reading('{ approve: process.env.CI ? () => true : askHuman }', "import { askHuman } from './approvers.js';")).toBe('all');
    expect(reading('{ approve: autoApprove }', "import { autoApprove } from './approvers.js';")).toBe('all');
    expect(reading('{ approve: yes }', "import { botApprover as yes } from './approvers';")).toBe('all');
    expect(reading('{ approve: any }', "import any from './approvers.js';")).toBe('all');
    expect(reading('options', 'const options = { approve: () => true };')).toBe('all');
  });

  it('decides per call: reads the request, asks someone, throws for some, may fall through', () => {
    expect(reading(`{ approve: async ({ tool }) => tool.name === 'get_note' }`)).toBe('decides');
    expect(reading('{ approve: askHuman }', "import { askHuman } from './approvers.js';")).toBe('decides');
    expect(reading('{ approve: (r) => { if (r.tool.name === "drop") throw new Error("no"); return true; } }')).toBe('decides');
    expect(reading('{ approve: (r) => { if (r.args.force) return true; } }')).toBe('decides');
    expect(reading('{ approve: () => false }')).toBe('decides');
    expect(reading('{ approve: (r) => (r.args.dry ? true : confirm("run?")) }')).toBe('decides');
    expect(reading('{ approve: () => ({ approved: false, by: "policy" }) }')).toBe('decides');
    expect(reading('{ approve: undefined }')).toBe('none');
    expect(reading('{ approve: cond ? undefined : null }', 'declare const cond: boolean;')).toBe('none');
    expect(reading('{ approval: { deny: ["x"] } }')).toBe('none');
    expect(reading("{ ['approve']: () => true }")).toBe('all');
    expect(reading('{ [`appr` + `ove`]: () => true }')).toBe('all');
    expect(reading('{ [K]: () => true }', "const K = 'approve';")).toBe('all');
  });

  it('cannot be read: a parameter, a property, a call, a package, a let', () => {
    expect(reading('{ approve: options.approve }', 'declare const options: any;')).toBe('unread: options.approve, a property');
    expect(reading('{ approve: makeApprover() }', 'declare function makeApprover(): any;')).toBe('unread: the result of a call');
    expect(reading('{ approve: auto }', "import { auto } from 'approver-kit';")).toBe(
      'unread: auto, imported from approver-kit, which is not a source file of the project',
    );
    expect(reading('{ approve: a }', 'let a = () => false;')).toBe('unread: a, a variable that may change');
    expect(reading('{ approve: nowhere }')).toBe('unread: nowhere, declared nowhere in this file');
    expect(reading('{ approve: x }', "import { x } from './approvers.js';")).toBe(
      'unread: x, imported from ./approvers.js, where it is not a const or a function',
    );
  });

  it('the options object: its spreads, consts and imports are read, and one that cannot be read may set approve', () => {
    expect(reading('{ ...base, onToolLog }', 'const base = { approve: () => true }; declare const onToolLog: any;')).toBe('all');
    expect(reading('{ ...autoOptions, onToolLog }', "import { autoOptions } from './approvers.js'; declare const onToolLog: any;")).toBe(
      'all',
    );
    expect(reading('{ ...plainOptions }', "import { plainOptions } from './approvers.js';")).toBe('none');
    expect(reading('{ ...base, approve: (r) => r.tool.name === "x" }', 'const base = { approve: () => true };')).toBe('decides');
    expect(reading('{ approve: (r) => r.tool.name === "x", ...base }', 'const base = { approve: () => true };')).toBe('all');
    expect(reading('{ ...base }', "import { base } from 'agent-kit';")).toBe(
      'unread: its options may set it, or an approval policy: it spreads base: base, imported from agent-kit, which is not a source file of the project',
    );
    expect(reading('{ ...makeOptions() }', 'declare function makeOptions(): any;')).toBe(
      'unread: its options may set it, or an approval policy: it spreads makeOptions(): the result of makeOptions()',
    );
    expect(reading('options', 'declare const options: any;')).toBe(
      'unread: its options may set it, or an approval policy: options, a variable that may change',
    );
    expect(reading('{ [key]: () => true }', 'declare const key: string;')).toBe(
      'unread: its options may set it, or an approval policy: [key], a key that cannot be read',
    );
    expect(reading('{ approval: { deny: ["x"] }, onToolLog }', 'declare const onToolLog: any;')).toBe('none');
  });

  it('a const changed in place after its declaration is not read as its literal', () => {
    expect(reading('options', 'const options: any = { maxSteps: 5 };\noptions.approve = () => true;')).toBe(
      'unread: its options may set it, or an approval policy: options, changed after its declaration (options.approve = () => true)',
    );
    expect(reading('{ approve: ok }', 'const ok = () => false;\nObject.assign(ok, {});')).toBe(
      'unread: ok, changed after its declaration (Object.assign(ok, {}))',
    );
    expect(
      reading(
        '{ ...plainOptions }',
        "import { plainOptions } from './approvers.js';\nObject.assign(plainOptions, { approve: () => true });",
      ),
    ).toBe(
      'unread: its options may set it, or an approval policy: it spreads plainOptions: plainOptions, changed after its declaration (Object.assign(plainOptions, { approve...)',
    );
  });

  it('options returned by a function of the project are read from its return values', () => {
    expect(reading('baseOptions()', 'function baseOptions() { return { maxSteps: 5 }; }')).toBe('none');
    expect(reading('{ ...baseOptions() }', 'const baseOptions = () => ({ approve: () => true });')).toBe('all');
    expect(reading('opts({})', 'function opts(extra: any) { return { ...extra }; }')).toBe(
      'unread: its options may set it, or an approval policy: the result of opts(): it spreads extra: extra, a parameter',
    );
  });
});
