/** Tests of the script executor, sandboxed and not: runtimes, stdin and environment, timeouts, process trees, caps. */

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PartialText, truncationMarker } from '../../src/runtime/json-safe.js';
import { RUN_ID_ENV, runScript as run, type ScriptRunOptions } from '../../src/skills/executors/script-executor.js';
import { sandboxSupport } from '../../src/skills/executors/script-sandbox.js';

/** Live (non-zombie) processes whose environment holds the run's id: every process the run started inherits it. */
function processesOfRun(runId: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${RUN_ID_ENV}=${runId}`)) {
        found.push(`${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')}`);
      }
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

// Every behaviour holds in the bubblewrap sandbox (where it runs) and without it (`sandbox: 'none'`,
// what --unsandboxed gives where bubblewrap is missing).
const modes: ScriptRunOptions['sandbox'][] = (await sandboxSupport()).ok ? ['required', 'none'] : ['none'];

// Long enough for a loaded 2-core machine to start python3 (through a pyenv shim) and print;
// the cases of one describe run concurrently, so the file stays fast.
const short = { timeoutMs: 3000, killGraceMs: 300 };

describe.each(modes)('script executor (sandbox: %s): runtimes, stdin and environment', (sandbox) => {
  const runScript = (r: string, c: string, a: unknown, o: ScriptRunOptions = {}) => run(r, c, a, { ...o, sandbox });
  it('runs python3, bash and node with the arguments as JSON on stdin and parses JSON stdout', async () => {
    const py = await runScript(
      'python3',
      'import json,sys\na=json.load(sys.stdin)\nprint(json.dumps({"twice": a["n"] * 2, "text": a["s"]}))',
      { n: 21, s: '字 "q"' },
    );
    expect(py).toMatchObject({ ok: true, value: { twice: 42, text: '字 "q"' }, exitCode: 0, timedOut: false });
    const sh = await runScript('bash', 'read -r line; echo "got: $line"', { a: 'b c' });
    expect(sh).toMatchObject({ ok: true, value: 'got: {"a":"b c"}\n' });
    const js = await runScript(
      'node',
      'import fs from "node:fs"; const a = JSON.parse(fs.readFileSync(0, "utf8")); console.log(JSON.stringify([a.x, process.cwd() === process.env.HOME]));',
      { x: 'é' },
    );
    expect(js).toMatchObject({ ok: true, value: ['é', true] });
    expect(existsSync(js.tempDir)).toBe(false);
  });

  it('passes a minimal environment: no variable of the caller besides PATH', async () => {
    process.env.SKILL_TEST_SECRET = 'do-not-leak';
    try {
      const r = await runScript(
        'node',
        'console.log(JSON.stringify(Object.keys(process.env).filter((k) => !k.startsWith("PYENV")).sort()))',
        {},
      );
      expect(r.value).toEqual([
        'AGENT_TOOLS_RUN_ID',
        'HOME',
        'LANG',
        'LC_ALL',
        'PATH',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONIOENCODING',
        'TMPDIR',
      ]);
    } finally {
      delete process.env.SKILL_TEST_SECRET;
    }
  });

  it('refuses any runtime but python3, bash and node at run time', async () => {
    for (const runtime of ['sh', '/usr/bin/python3; rm -rf x', 'python', 'node --eval']) {
      const r = await runScript(runtime, 'echo hi', {});
      expect(r).toMatchObject({
        ok: false,
        error: `runtime ${JSON.stringify(runtime)} is not allowed; use exactly one of python3, bash, node`,
      });
    }
  });

  it('turns a non-zero exit into an error with the stderr tail', async () => {
    const r = await runScript('python3', 'import sys\nprint("partial")\nsys.stderr.write("boom: bad input\\n")\nsys.exit(3)', {});
    expect(r).toMatchObject({ ok: false, exitCode: 3, error: 'script exited with code 3\nstderr:\nboom: bad input' });
  });
});

describe.concurrent.each(modes)('script executor (sandbox: %s): timeouts and process trees', (sandbox) => {
  const runScript = (r: string, c: string, a: unknown, o: ScriptRunOptions = {}) => run(r, c, a, { ...o, sandbox });
  const cases: [string, string, string][] = [
    ['bash: background sleep and sleep', 'bash', 'echo started; sleep 300 & sleep 300'],
    [
      'bash: ignores TERM in itself and a child',
      'bash',
      "trap '' TERM; bash -c \"trap '' TERM; sleep 300\" & echo started; while true; do sleep 0.05; done",
    ],
    [
      'python3: subprocess sleep then sleep',
      'python3',
      'import subprocess, time\nsubprocess.Popen(["sleep", "300"])\nprint("started", flush=True)\ntime.sleep(300)',
    ],
    [
      'node: child with inherited stdio and an interval',
      'node',
      'import { spawn } from "node:child_process"; spawn("sleep", ["300"], { stdio: "inherit" }); console.log("started"); setInterval(() => {}, 1000);',
    ],
  ];
  for (const [title, runtime, code] of cases) {
    it(`${title}: a timeout error, partial output kept, no process left, temp dir gone`, async () => {
      const r = await runScript(runtime, code, {}, short);
      expect(r.ok).toBe(false);
      expect(r.timedOut).toBe(true);
      expect(r.error).toBe('script timed out after 3000 ms; its process group was killed\nstdout so far:\nstarted\n');
      expect(r.sandboxed).toBe(sandbox !== 'none');
      expect(processesOfRun(r.runId)).toEqual([]);
      expect(existsSync(r.tempDir)).toBe(false);
    });
  }

  it('kills what a script left running when it ends by itself, without waiting for its pipe', async () => {
    const r = await runScript('bash', 'sleep 300 & echo done', {});
    expect(r).toMatchObject({ ok: true, value: 'done\n', timedOut: false });
    expect(processesOfRun(r.runId)).toEqual([]);
    expect(existsSync(r.tempDir)).toBe(false);
  });

  it('caps 10 MB of output printed before a timeout', async () => {
    const r = await runScript(
      'python3',
      'import sys, time\nsys.stdout.write("x" * 10_000_000)\nsys.stdout.flush()\ntime.sleep(300)',
      {},
      { ...short, maxOutputBytes: 100_000 },
    );
    expect(r.timedOut).toBe(true);
    expect(r.stdoutBytes).toBe(10_000_000);
    expect(r.stdout).toBe(`${'x'.repeat(50_000)}${truncationMarker(10_000_000, 100_000)}${'x'.repeat(50_000)}`);
    expect(processesOfRun(r.runId)).toEqual([]);
  });

  it('states the real size of 3 MB printed before a timeout in the error result, past the 1 000 000 bytes kept', async () => {
    const { runTool } = await import('../../src/runtime/run-tool.js');
    const { toolFromSkillFile } = await import('../../src/skills/files/external-tool.js');
    const code = 'import sys, time\nsys.stdout.write("x" * 3_000_000)\nsys.stdout.flush()\ntime.sleep(300)';
    const executor = { type: 'script' as const, runtime: 'python3' as const, code, timeoutMs: short.timeoutMs };
    const tool = toolFromSkillFile({ kind: 'tool', name: 'flood', description: 'Floods', params: {}, executor }, { ...short, sandbox });
    const r = await runTool(tool, {}, {});
    const said = 'script timed out after 3000 ms; its process group was killed\nstdout so far:\n';
    expect(r.isError && r.error.startsWith(`${said}xxx`)).toBe(true);
    const marker = r.isError ? /\n\.\.\.\[result truncated: (\d+) UTF-8 bytes, kept (\d+) \(head and tail\)\]\.\.\.\n/.exec(r.error) : null;
    // the whole message: its words and every byte the script wrote, not the 1 000 000 bytes the executor kept
    expect(Number(marker?.[1])).toBe(said.length + 3_000_000);
    expect(r.isError && Buffer.byteLength(r.error)).toBeLessThanOrEqual(100_000);
  });
});

describe.each(modes)('script executor (sandbox: %s): big output', (sandbox) => {
  const runScript = (r: string, c: string, a: unknown, o: ScriptRunOptions = {}) => run(r, c, a, { ...o, sandbox });
  it('keeps the head and tail of 5 MB of script output (1 000 000 bytes by default) and its real size, never splitting a character', async () => {
    const r = await runScript('node', 'process.stdout.write("头" + "字".repeat(5_000_000 / 3 - 1) + "尾")', {});
    expect(r.ok).toBe(true);
    expect(r.stdoutBytes).toBe(5_000_001);
    expect(r.truncated).toBe(true);
    // 500 000 bytes each side, cut to whole characters: 166 666 of them each
    expect(r.value).toEqual(new PartialText(`头${'字'.repeat(166_665)}`, `${'字'.repeat(166_665)}尾`, 5_000_001));
    expect(r.stdout).toBe(String(r.value));
    expect(r.stdout).not.toContain('\uFFFD');
  });

  it('parses JSON stdout even when a long stderr was cut to its tail', async () => {
    const r = await runScript('bash', 'for i in $(seq 1 200); do echo "line $i" >&2; done; echo \'{"ok":1}\'', {}, { maxOutputBytes: 50 });
    expect(r).toMatchObject({ ok: true, value: { ok: 1 }, truncated: true });
  });

  it('keeps the tail of a long stderr', async () => {
    const r = await runScript('bash', 'for i in $(seq 1 2000); do echo "line $i" >&2; done; exit 1', {}, { maxOutputBytes: 50 });
    expect(r.stderrBytes).toBe(18_893);
    expect(r.stderr).toBe('[… 18843 bytes dropped]\nline 1996\nline 1997\nline 1998\nline 1999\nline 2000\n');
    expect(r.error).toBe(
      'script exited with code 1\nstderr:\n[… 18843 bytes dropped]\nline 1996\nline 1997\nline 1998\nline 1999\nline 2000',
    );
  });
});

/** Pids of live processes whose command line is exactly `cmd` (a unique sleep marks a script that runs). */
function processesRunning(cmd: string): string[] {
  return readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim() === cmd;
      } catch {
        return false;
      }
    });
}

describe.each(modes)('script executor (sandbox: %s): abort', (sandbox) => {
  it('kills the whole run when the caller aborts, through the pipeline', async () => {
    const { runTool } = await import('../../src/runtime/run-tool.js');
    const { toolFromSkillFile } = await import('../../src/skills/files/external-tool.js');
    const marker = `sleep 3${String(process.pid % 100).padStart(2, '0')}.${Math.floor(Math.random() * 1e6)}`;
    const code = `echo "$AGENT_TOOLS_RUN_ID"; ${marker} & ${marker}`;
    const tool = toolFromSkillFile(
      { kind: 'tool', name: 'slow', description: 'Sleeps', params: {}, executor: { type: 'script', runtime: 'bash', code } },
      { killGraceMs: 200, sandbox },
    );
    const controller = new AbortController();
    const pending = runTool(tool, {}, {}, { abortSignal: controller.signal });
    while (processesRunning(marker).length < 2) await new Promise((r) => setTimeout(r, 20));
    controller.abort();
    const result = await pending;
    expect(result.isError).toBe(true);
    const text = result.isError ? result.error : '';
    expect(text).toMatch(/^script was aborted; its process group was killed\nstdout so far:\n[0-9a-f]{16}\n$/);
    expect(processesOfRun(text.split('\n')[2]!)).toEqual([]);
    expect(processesRunning(marker)).toEqual([]);
  });
});
