/** Tests that `skill run` of a script ends its whole process tree on timeout, and refuses runtimes other than the three. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../adapters/mcp-child.js';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';

// Script timeouts and process trees through the binary (the executor itself is tested in test/skills/script-executor.test.ts):
// `skill run` of a script that leaves a process tree returns the timeout error with the
// partial output and leaves no process behind; a bad runtime is refused at install and,
// when the store was changed behind its back, at run time.
const skillCli = (cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, 'skill', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

/** Live (non-zombie) processes whose command line is exactly `cmdline`. */
function processesRunning(cmdline: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() === cmdline) found.push(pid);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

function project(runtime: string, code: string): string {
  const cwd = mkdtempSync(join(tmpdir(), 'c13-'));
  const skill = {
    kind: 'tool',
    name: 'slow',
    description: 'Leaves a process tree running',
    params: {},
    executor: { type: 'script', runtime, code, timeoutMs: 1500 },
  };
  writeFileSync(join(cwd, 'slow.json'), JSON.stringify(skill));
  return cwd;
}

describe('C-13: skill run of scripts with process trees', { timeout: 60_000 }, () => {
  it('bash `sleep & sleep`: exit 1 with the timeout error and the partial output; no sleep of the run is left', () => {
    const cwd = project('bash', 'echo started; sleep 371 & sleep 371');
    expect(skillCli(cwd, 'install', 'slow.json').status).toBe(0);
    const r = skillCli(cwd, 'run', 'slow');
    expect([r.status, r.stdout]).toEqual([1, '']);
    expect(r.stderr).toMatch(/^agent-tools: script timed out after 1500 ms; its process group was killed\nstdout so far:\nstarted\n+$/);
    expect(processesRunning('sleep 371')).toEqual([]);
  });

  // Each variant holds the run's pipes or ignores SIGTERM in a different way; the executor
  // must still return at the limit and leave none of them behind.
  const variants: [string, string, string, string][] = [
    [
      'bash that ignores TERM in itself and a child',
      'bash',
      "trap '' TERM; echo started; (trap '' TERM; sleep 372) & sleep 372",
      'sleep 372',
    ],
    [
      'python3 that starts sleep with subprocess and sleeps',
      'python3',
      "import subprocess, time\nprint('started', flush=True)\nsubprocess.Popen(['sleep', '373'])\ntime.sleep(300)",
      'sleep 373',
    ],
    [
      'node that spawns sleep with inherited stdio and keeps an interval',
      'node',
      "import { spawn } from 'node:child_process'; console.log('started'); spawn('sleep', ['374'], { stdio: 'inherit' }); setInterval(() => {}, 1000);",
      'sleep 374',
    ],
  ];
  for (const [title, runtime, code, left] of variants) {
    it(`${title}: exit 1 with the timeout error and the partial output; nothing of the run is left`, () => {
      const cwd = project(runtime, code);
      expect(skillCli(cwd, 'install', 'slow.json').status).toBe(0);
      const r = skillCli(cwd, 'run', 'slow');
      expect([r.status, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toMatch(/^agent-tools: script timed out after 1500 ms; its process group was killed\nstdout so far:\nstarted\n+$/);
      expect(processesRunning(left)).toEqual([]);
    });
  }

  it('a runtime of sh or "/usr/bin/python3; rm -rf x" is refused at install, and at run time when written into the store', () => {
    for (const runtime of ['sh', '/usr/bin/python3; rm -rf x']) {
      const refused = project(runtime, 'echo hi');
      const install = skillCli(refused, 'install', 'slow.json');
      expect(install.status).toBe(2);
      expect(install.stderr).toContain(
        `slow.json: $.executor.runtime: runtime ${JSON.stringify(runtime)} is not allowed; use exactly one of python3, bash, node`,
      );

      const cwd = project('bash', 'echo hi');
      expect(skillCli(cwd, 'install', 'slow.json').status).toBe(0);
      const db = openDatabase(join(cwd, '.agent-tools/skills.db'));
      const row = db.prepare('SELECT json FROM skills WHERE name = ?').get('slow') as { json: string };
      const changed = JSON.parse(row.json);
      changed.executor.runtime = runtime;
      db.prepare('UPDATE skills SET json = ? WHERE name = ?').run(JSON.stringify(changed), 'slow');
      db.close();
      const run = skillCli(cwd, 'run', 'slow');
      expect([run.status, run.stdout, run.stderr]).toEqual([
        2,
        '',
        `agent-tools: skill "slow": stored skill is invalid: $.executor.runtime: runtime ${JSON.stringify(runtime)} is not allowed; use exactly one of python3, bash, node; reinstall it with --force or remove it\n`,
      ]);
    }
  });
});
