/** Tests that approval.md's registry examples, copied into a project as they are, pass `validate` with no error. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { codeBlocks, root } from './markdown.js';

const bin = join(root, 'bin/agent-tools.js');
const scratch = mkdtempSync(join(tmpdir(), 'agent-tools-approval-validate-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface JsonFinding {
  checkId: string;
  messageId: string;
  severity: string;
  line: number;
}

/** `validate . --format json` in a fresh project holding `code` as tools.ts (agent-tools linked in). */
function validateAsProject(code: string, name: string) {
  const dir = join(scratch, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(root, join(dir, 'node_modules', 'agent-tools'), 'dir');
  writeFileSync(join(dir, 'package.json'), '{ "name": "my-agent", "private": true, "type": "module" }\n');
  writeFileSync(join(dir, 'tools.ts'), code);
  const r = spawnSync(process.execPath, [bin, 'validate', '.', '--format', 'json'], { cwd: dir, encoding: 'utf8' });
  return { status: r.status, stderr: r.stderr, findings: (JSON.parse(r.stdout) as { findings: JsonFinding[] }).findings };
}

const blocks = codeBlocks(readFileSync(join(root, 'docs/approval.md'), 'utf8')).filter(
  (b) => b.lang === 'ts' && /createRegistry\(\{ core: \[[^\]]*\](, approval: [^}]*\})? \}\)/.test(b.code),
);

describe('docs/approval.md registry examples through validate', { timeout: 120_000 }, () => {
  it('has the examples that build a registry with a core tier and no extended tier', () => {
    expect(blocks.length).toBe(2);
  });

  it.each(blocks.map((b) => [b.line, b] as const))('the block at line %i gives no error', (line, block) => {
    const r = validateAsProject(block.code, `block-${line}`);
    expect(r.stderr).toBe('');
    // a registry without `extended` runs and serves like `extended: []`: a warning, never an error
    expect(r.findings.filter((f) => f.checkId === 'registry-extended').map((f) => [f.messageId, f.severity])).toEqual([['missing', 'warn']]);
    // the AI SDK example is one agent script: its defineTool sits in the file that imports the SDK, which the
    // layer rule (a tool file imports no adapter) reports as designed; that is the only error allowed here
    const errors = r.findings.filter((f) => f.severity === 'error' && !(f.checkId === 'adapter-layer' && f.messageId === 'adapterImport'));
    expect(errors).toEqual([]);
    if (!/from 'ai'|from 'agent-tools\/ai'/.test(block.code)) expect(r.status).toBe(0);
  });
});
