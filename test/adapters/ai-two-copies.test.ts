/** Tests that toolApprovalResponse names the cause when it is handed a tool set another copy of agent-tools made. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/tool.js';
import { toolApprovalResponse, toolsToAI } from '../../src/adapters/ai.js';

const ROOT = new URL('../..', import.meta.url).pathname;

// New-user trial: in a CommonJS project (npm init -y) an .mts agent ran under tsx imported agent-tools/ai and the
// scaffolded tools/adapter.ts; tsx compiles that .ts file as CommonJS, so its require loaded a second instance of the
// same file, and toolApprovalResponse said "the tools were not made by toolsToAI" about tools toolsToAI had made.
describe('toolApprovalResponse and a tool set of another copy', () => {
  const request = { type: 'tool-approval-request', approvalId: 'a1', toolCall: { toolCallId: 'c1', toolName: 'del_x', input: {} } };

  it('an .mts agent of a CommonJS project under tsx: the error names the second instance and the way out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-tools-ai-two-copies-'));
    try {
      mkdirSync(join(dir, 'node_modules'));
      symlinkSync(ROOT, join(dir, 'node_modules', 'agent-tools'), 'dir');
      writeFileSync(join(dir, 'package.json'), '{ "name": "app", "type": "commonjs" }\n');
      writeFileSync(
        join(dir, 'adapter.ts'),
        "import { defineTool } from 'agent-tools';\nimport { toolsToAI } from 'agent-tools/ai';\n" +
          "const del = defineTool({ name: 'del_x', description: 'Deletes x for good.', destructive: true, params: {}, execute: () => 'deleted' });\n" +
          'export const tools = toolsToAI([del]);\n',
      );
      writeFileSync(
        join(dir, 'agent.mts'),
        "import { toolApprovalResponse } from 'agent-tools/ai';\nimport { tools } from './adapter.ts';\n" +
          `toolApprovalResponse(tools, ${JSON.stringify(request)}, { approved: true }).then(` +
          '() => console.log("answered"), (e) => { console.log(e.message); process.exitCode = 1; });\n',
      );
      const r = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'agent.mts'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(1);
      expect(r.stdout.trim()).toMatch(
        /^toolApprovalResponse: the tools were made by toolsToAI of a second instance of the same file \(file:\/\/.*\/dist\/core\/guarded-execute\.js: loaded once by import and once by require, as a loader such as tsx does for require in a \.cts file, or in a \.ts file of a CommonJS project\), and only that copy can answer their approval requests\. Load one copy in the process: in a CommonJS project run `npm pkg set type=module`/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the mark is not an entry of the set, and a set this copy made is answered', async () => {
    const del = defineTool({ name: 'del_x', description: 'Deletes x for good.', destructive: true, params: {}, execute: () => 'deleted' });
    const tools = toolsToAI([del]);
    expect(Object.keys(tools)).toEqual(['del_x']);
    expect(Reflect.ownKeys(tools).filter((k) => typeof k === 'symbol')).toHaveLength(1);
    expect(Object.getOwnPropertySymbols({ ...tools })).toEqual([]);
    expect(await toolApprovalResponse(tools, request as never, { approved: true })).toEqual({
      type: 'tool-approval-response',
      approvalId: 'a1',
      approved: true,
    });
    await expect(toolApprovalResponse({ ...tools }, request as never, { approved: true })).rejects.toThrow(
      /^toolApprovalResponse: the tools were not made by toolsToAI$/,
    );
  });
});
