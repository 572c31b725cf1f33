/** Tests of the package's subpath exports: `agent-tools/ai`, `/mcp` and `/cli` resolve to the built adapters. */

import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { root } from './mcp-child.js';

/** Imports `specifier` in a fresh node at the package root and returns its export names. */
function load(specifier: string) {
  const script = `const m = await import(${JSON.stringify(specifier)}); process.stdout.write(JSON.stringify(Object.keys(m).sort()));`;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout) as string[];
}

describe('package subpath exports', () => {
  it('agent-tools/ai, agent-tools/mcp and agent-tools/cli resolve to the built adapters', () => {
    expect(load('agent-tools/ai')).toEqual([
      'MAX_AI_TOOLS',
      'stepBudgetStopWhen',
      'toStrictInputSchema',
      'toolApprovalResponse',
      'toolsToAI',
    ]);
    expect(load('agent-tools/mcp')).toEqual([
      'CLIENT_ANSWER_TIMEOUT_MS',
      'PROGRESS_INTERVAL_MS',
      'createMcpServer',
      'servePrompts',
      'toCallToolResult',
      'toMcpPrompt',
      'toMcpTool',
    ]);
    expect(load('agent-tools/cli')).toEqual([
      'OWN_FLAGS',
      'cliReportSinks',
      'kebabName',
      'paramFlag',
      'progressLine',
      'splitList',
      'toolsToCommands',
    ]);
  });

  it('the runtime entry exports the pipeline', () => {
    expect(load('agent-tools')).toEqual(
      expect.arrayContaining([
        'runTool',
        'isDestructive',
        'createStepBudget',
        'toJsonSafe',
        'buildDebugLog',
        'isToolSource',
        'currentTools',
        'DEFAULT_MAX_RESULT_BYTES',
      ]),
    );
  });
});
