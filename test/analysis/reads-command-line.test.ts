/** Tests which approvers read the command line, as the parsers read it: process.argv, parseArgs, yargs, minimist, commander. */

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ts } from 'ts-morph';
import { approvalWritesIn } from '../../src/analysis/approval-writes.js';
import { readsCommandLine } from '../../src/analysis/approver-reading.js';

const dir = mkdtempSync(join(tmpdir(), 'agent-tools-argv-reading-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What of the command line the approve callback of `agent.ts` reads, with `head` before it and `flag` its condition. */
function reads(head: string, flag: string): string | undefined {
  const text =
    `import { toolsToAI } from 'agent-tools/ai';\n${head}\n` +
    `export const tools = toolsToAI(registry, { approve: async () => (${flag} ? { approved: true, by: 'cli' } : { approved: false }) });\n`;
  const path = join(dir, 'agent.ts');
  writeFileSync(path, text);
  const sf = ts.createSourceFile(path, text, ts.ScriptTarget.ESNext, true, ts.ScriptKind.TS);
  const [write] = approvalWritesIn(sf, 'agent.ts').filter((w) => w.key === 'approve');
  return readsCommandLine(write?.decides);
}

describe('readsCommandLine, on what an approver reads', () => {
  it('reads the command line through the parsers that read process.argv unseen', () => {
    expect(
      reads(
        "import yargs from 'yargs';\nimport { hideBin } from 'yargs/helpers';\nconst a = yargs(hideBin(process.argv)).argv;",
        'a.approve',
      ),
    ).toBe('process.argv');
    expect(reads("import yargs from 'yargs';\nconst a: any = yargs.argv;", 'a.approve')).toBe('yargs.argv');
    expect(reads("import yargs from 'yargs';\nconst a: any = yargs().option('approve', { type: 'boolean' }).argv;", 'a.approve')).toBe(
      'yargs().argv',
    );
    expect(reads("import yargs from 'yargs';\nconst a: any = yargs().parse();", 'a.approve')).toBe('yargs().parse()');
    expect(reads("import minimist from 'minimist';\nconst a = minimist(process.argv.slice(2));", 'a.approve')).toBe('process.argv');
    expect(reads("import { program } from 'commander';\nprogram.option('--approve');\nprogram.parse();", 'program.opts().approve')).toBe(
      "commander's .opts()",
    );
    expect(
      reads("import { Command } from 'commander';\nconst cmd = new Command().option('--approve').parse();", 'cmd.opts().approve'),
    ).toBe("commander's .opts()");
  });

  it('reads no command line where the approver decides from the call, or parses words it is given', () => {
    expect(reads("import yargs from 'yargs';\nconst a: any = yargs(['--verbose']);", "a.parseSync(['x']).verbose")).toBeUndefined();
    expect(reads('const opts = { approve: false };', 'opts.approve')).toBeUndefined();
    expect(reads("const call = { args: { table: 'x' } };", "call.args.table === 'scratch'")).toBeUndefined();
  });
});
