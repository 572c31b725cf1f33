// Faults `npm run soak` found, each fixed as a kind; every test names the seed and case that found it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { exportTools, validate } from '../../src/toolkit/index.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

function folder(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'agent-tools-soak-fault-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

const TOOL = `import { defineTool } from 'agent-tools';
export const ping = defineTool({ name: 'ping', description: 'Answer pong so a client can check the server is up.', mutates: false, params: {}, execute: () => 'pong' });
`;

describe('soak seed 1, case 6: 10 000 nested brackets (the toolkit threw RangeError: Maximum call stack size exceeded)', () => {
  const deep = `const x = 1;\nexport const deep = ${'['.repeat(10_000)}0;\n`;

  it('validate reports a syntax error at the line and column where the nesting passed 500, and still checks the other files', async () => {
    const cwd = folder({ 'deep.ts': deep, 'ping.ts': TOOL });
    const r = await validate(['.'], { cwd, configFile: false });
    const syntax = r.findings.filter((f) => f.data.code === 'syntax-error');
    expect(syntax.map((f) => [f.file, f.line, f.column])).toEqual([['deep.ts', 2, 21 + 500]]);
    expect(syntax[0]!.message).toMatch(/nested too deeply/);
    expect(r.summary.tools).toBe(1);
  });

  it('exportTools reports it as a syntax-error diagnostic, also when the file is reached through a re-export', async () => {
    const cwd = folder({ 'deep.ts': `${'('.repeat(10_000)}`, 'index.ts': `export * from './deep.js';\n${TOOL}` });
    const direct = await exportTools(['deep.ts'], { cwd });
    expect(direct.diagnostics.map((d) => [d.code, d.file, d.line])).toEqual([['syntax-error', 'deep.ts', 1]]);
    const through = await exportTools(['index.ts'], { cwd });
    expect(through.tools.map((t) => t.name)).toEqual(['ping']);
  });
});
