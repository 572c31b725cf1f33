/** Tests that `skill run` of a script ends its whole process tree on timeout, and refuses runtimes other than the three. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin } from '../adapters/mcp-child.js';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';
import { sandboxSupport } from '../../src/skills/executors/script-sandbox.js';

// Script timeouts and process trees through the binary (the executor itself is tested in test/skills/script-executor.test.ts):
// `skill run` of a script that leaves a process tree returns the timeout error with the
// partial output and leaves no process behind; a bad runtime is refused at install and,
// when the store was changed behind its back, at run time.
const skillCli = (cwd: string, ...args: string[]) => skillCliIn({}, cwd, ...args);
const skillCliIn = (env: Record<string, string>, cwd: string, ...args: string[]) =>
  spawnSync(process.execPath, [bin, 'skill', ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', ...env } });

// The process trees are ended in the bubblewrap sandbox (where it runs), where bwrap's PID namespace
// goes with it, and without it, where only killing the script's whole process group ends them:
// AGENT_TOOLS_BWRAP='' stands for a machine without bubblewrap, and --unsandboxed lets the script run there.
type Sandbox = { title: string; env: Record<string, string>; runArgs: string[]; sleep: number };
const unsandboxed: Sandbox = { title: 'without a sandbox', env: { AGENT_TOOLS_BWRAP: '' }, runArgs: ['--unsandboxed'], sleep: 381 };
const sandboxes: Sandbox[] = (await sandboxSupport()).ok
  ? [{ title: 'in the sandbox', env: {}, runArgs: [], sleep: 371 }, unsandboxed]
  : [unsandboxed];

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

describe.each(sandboxes)('C-13: skill run of scripts with process trees, $title', { timeout: 60_000 }, ({ env, runArgs, sleep }) => {
  // Each variant leaves a process tree, holds the run's pipes or ignores SIGTERM in a different
  // way (each with its own sleep, so a leftover names its variant); the executor must still
  // return at the limit and leave none of them behind.
  const variants: [string, string, string, string][] = [
    ['bash `sleep & sleep`', 'bash', `echo started; sleep ${sleep} & sleep ${sleep}`, `sleep ${sleep}`],
    [
      'bash that ignores TERM in itself and a child',
      'bash',
      `trap '' TERM; echo started; (trap '' TERM; sleep ${sleep + 1}) & sleep ${sleep + 1}`,
      `sleep ${sleep + 1}`,
    ],
    [
      'python3 that starts sleep with subprocess and sleeps',
      'python3',
      `import subprocess, time\nprint('started', flush=True)\nsubprocess.Popen(['sleep', '${sleep + 2}'])\ntime.sleep(300)`,
      `sleep ${sleep + 2}`,
    ],
    [
      'node that spawns sleep with inherited stdio and keeps an interval',
      'node',
      `import { spawn } from 'node:child_process'; console.log('started'); spawn('sleep', ['${sleep + 3}'], { stdio: 'inherit' }); setInterval(() => {}, 1000);`,
      `sleep ${sleep + 3}`,
    ],
    // setsid leaves the process group (and the session): only the run id in its environment still names it
    ['bash that starts sleep with setsid', 'bash', `echo started; setsid sleep ${sleep + 4} & sleep ${sleep + 4}`, `sleep ${sleep + 4}`],
  ];
  for (const [title, runtime, code, left] of variants) {
    it(`${title}: exit 1 with the timeout error and the partial output; nothing of the run is left`, () => {
      const cwd = project(runtime, code);
      expect(skillCliIn(env, cwd, 'install', 'slow.json').status).toBe(0);
      const r = skillCliIn(env, cwd, 'run', 'slow', ...runArgs);
      expect([r.status, r.stdout]).toEqual([1, '']);
      expect(r.stderr).toMatch(/^agent-tools: script timed out after 1500 ms; its process group was killed\nstdout so far:\nstarted\n+$/);
      expect(processesRunning(left)).toEqual([]);
    });
  }
});

describe('C-13: runtimes a script skill may not ask for', { timeout: 60_000 }, () => {
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
