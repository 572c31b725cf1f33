/** Tests of a toolbox with its own adapter layer: found by the analysis, credited by validate, and really doing it at run time. */

import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { afterAll, describe, expect, it } from 'vitest';
import { analyze } from '../../src/analysis/analyze.js';
import { scriptedModel, toolOutputsSeenByModel } from '../adapters/mock-model.js';

// The reference layout, with its own adapter module in the tools folder
// (fixtures/byo/own-adapter/src/tools/ai-adapter.ts) and the app that calls it outside the folder.
const root = new URL('../..', import.meta.url).pathname;
const fixture = join(root, 'fixtures/byo/own-adapter');
const bin = join(root, 'bin/agent-tools.js');
const cli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '' } });
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-own-adapter-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('a toolbox with its own adapter layer (reference layout)', () => {
  it('the analysis finds the adapter function with its log, budget and hooks; its tool() call is no tool and no diagnostic', () => {
    const a = analyze(['src/tools'], { cwd: fixture });
    expect(a.diagnostics).toEqual([]);
    expect(a.adapters).toEqual([
      {
        name: 'toolsToAI',
        sdk: 'ai',
        file: 'src/tools/ai-adapter.ts',
        line: 17,
        column: 17,
        log: true,
        budget: true,
        before: true,
        after: true,
      },
    ]);
    expect(a.tools.map((t) => `${t.name} ${t.tier}`)).toEqual([
      'create_text core',
      'set_fill extended',
      'set_font core',
      'get_font core',
      'get_selection core',
    ]);
    expect(a.calls).toEqual({ defineTool: 5 });
  });

  it('validate src/tools (the app outside the folder): no finding, exit 0; the whole src too', () => {
    for (const path of ['src/tools', 'src']) {
      const r = cli(fixture, 'validate', path);
      expect(r.stdout + r.stderr).toMatch(/^✔ 0 errors, 0 warnings \(1[45] files, 5 tools; .*profile full\)\n$/);
      expect(r.status).toBe(0);
    }
  });

  it('the same toolbox without its adapter module still gets noAdapter, a warning at the registry module', () => {
    const copy = join(tmp, 'no-adapter');
    cpSync(fixture, copy, { recursive: true });
    rmSync(join(copy, 'src/tools/ai-adapter.ts'));
    rmSync(join(copy, 'src/app'), { recursive: true });
    const r = cli(copy, 'validate', 'src/tools', '--format', 'json');
    const findings = (
      JSON.parse(r.stdout) as { findings: { checkId: string; messageId: string; file: string; line: number; severity: string }[] }
    ).findings;
    expect(findings.map((f) => `${f.file}:${f.line} ${f.severity} ${f.checkId}/${f.messageId}`)).toEqual([
      'src/tools/registry.ts:1 warn adapter-layer/noAdapter',
    ]);
    // a folder without an adapter breaks no client (`npx agent-tools serve` is one): a warning, exit 0
    expect(r.status).toBe(0);
  });

  it('the adapter really does what validate credits it with: generateText through the app logs each call, spends the budget, runs both hooks', async () => {
    const { runAgent } = (await tsImport(join(fixture, 'src/app/agent.ts'), {
      parentURL: import.meta.url,
    })) as typeof import('../../fixtures/byo/own-adapter/src/app/agent.js');
    const fonts = new Map<string, { family: string; weight: number }>([['n1', { family: 'Inter', weight: 400 }]]);
    const api = {
      selection: () => ['n1'],
      fontOf: (id: string) => fonts.get(id)!,
      setFont: (id: string, family: string, weight: number) => void fonts.set(id, { family, weight }),
      setFill: () => {},
      createText: () => 'n2',
    };
    // 9 steps of get_font against a budget of 8: the 9th call is refused by the adapter
    const model = scriptedModel((step) =>
      step < 9
        ? [
            {
              toolName: step === 0 ? 'set_font' : 'get_font',
              input: step === 0 ? '{"node_id":"n1","family":"Lora","weight":700}' : '{"node_id":"n1"}',
            },
          ]
        : undefined,
    );
    const out = await runAgent(model, api, 'Make the title Lora bold.');
    expect(out.text).toBe('done');
    expect(fonts.get('n1')).toEqual({ family: 'Lora', weight: 700 });
    expect(out.log.map((e) => e.tool)).toEqual(['set_font', ...Array(7).fill('get_font')]);
    expect(out.undo).toEqual(['set_font']);
    expect(toolOutputsSeenByModel(model).at(-1)).toEqual({
      toolName: 'get_font',
      type: 'json',
      value: { error: 'Step budget spent: answer with what you have.' },
    });
  });
});
