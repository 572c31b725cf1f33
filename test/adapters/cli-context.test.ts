/** Tests of the call context on the command line: log lines on stderr, progress only on a terminal. */

import { spawnSync } from 'node:child_process';
import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { toolsToCommands } from 'agent-tools/cli';
import { countUp } from '../../fixtures/adapters/context-tools.js';
import { bin, root } from './mcp-child.js';

const LOG_LINES =
  'count_up: debug: debug line\ncount_up: info: info line\ncount_up: notice: notice line\ncount_up: warning: warning line\ncount_up: error: error line\ncount_up: info: with data {"n":2}\n';

describe('the call context on the command line', () => {
  it('agent-tools call: log lines on stderr, no progress line off a terminal, the result alone on stdout', () => {
    const r = spawnSync(process.execPath, [bin, 'call', 'fixtures/adapters/context-tools.ts', 'count-up', '--n', '2', '--pause-ms', '0'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(0);
    expect(r.stdout).toBe('{"counted":2}\n');
    expect(r.stderr).toBe(LOG_LINES);
  });

  it('toolsToCommands with progress: one line redrawn in place, erased before the result', async () => {
    const program = new Command('t').exitOverride();
    let stdout = '';
    let stderr = '';
    toolsToCommands([countUp], {
      program,
      progress: true,
      pretty: false,
      stdout: (t) => (stdout += t),
      stderr: (t) => (stderr += t),
      setExitCode: () => undefined,
    });
    await program.parseAsync(['count-up', '--n', '2', '--pause-ms', '0'], { from: 'user' });
    expect(stdout).toBe('{"counted":2}\n');
    expect(stderr).toBe(`${LOG_LINES}\r\x1b[Kcount_up: 50% (1/2) step 1\r\x1b[Kcount_up: 100% (2/2) step 2\r\x1b[K`);
  });
});
