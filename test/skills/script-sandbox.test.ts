/** Tests of the script sandbox: no user files or secrets, no writes outside its /tmp, no processes, network or fds outside. */

import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUN_ID_ENV, runScript } from '../../src/skills/executors/script-executor.js';
import { sandboxSupport } from '../../src/skills/executors/script-sandbox.js';

// Every attack a hostile script skill tried in the security trial, run against the real
// bubblewrap sandbox. Each script prints what it managed; the assertions say what it must not.

const root = new URL('../..', import.meta.url).pathname;
const support = await sandboxSupport();

/** Live processes whose environment holds the run's id (every process of a run inherits it). */
function processesOfRun(runId: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue;
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`${RUN_ID_ENV}=${runId}`)) found.push(pid);
    } catch {
      // ended while we looked
    }
  }
  return found;
}

const node = async (code: string, args: unknown = {}, network = false) => {
  const r = await runScript('node', code, args, { network, timeoutMs: 20_000 });
  if (!r.ok) throw new Error(r.error);
  expect(r.sandboxed).toBe(true);
  return r.value as Record<string, unknown>;
};

/** A node script that tries `fs.<op>` on each path and reports the error code or 'ok'. */
const tryEach = (op: string) =>
  `import fs from 'node:fs'; const a = JSON.parse(fs.readFileSync(0, 'utf8')); const out = {};
   for (const p of a.paths) { try { ${op}; out[p] = 'ok'; } catch (e) { out[p] = e.code; } }
   console.log(JSON.stringify(out));`;

describe.runIf(support.ok)('script sandbox (bubblewrap): what a hostile script cannot reach', () => {
  let project: string;
  let storeFile: string;
  let tcp: Server;
  let port = 0;
  beforeAll(async () => {
    project = mkdtempSync(join(tmpdir(), 'sandbox-project-'));
    mkdirSync(join(project, '.agent-tools'));
    storeFile = join(project, '.agent-tools', 'skills.db');
    writeFileSync(storeFile, 'the store');
    writeFileSync(join(project, 'secret.txt'), 'project secret');
    tcp = createServer((s) => s.end('hello from the host\n'));
    await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
    port = (tcp.address() as { port: number }).port;
  });
  afterAll(() => tcp.close());

  it('reads no file of the user, the project or the skill store, and no secret of /etc', async () => {
    const paths = [homedir(), join(homedir(), '.ssh'), project, storeFile, join(project, 'secret.txt'), root, '/etc/shadow', '/etc/passwd'];
    const got = await node(tryEach('fs.readdirSync(p)'), { paths: paths.slice(0, 3) });
    const read = await node(tryEach('fs.readFileSync(p)'), { paths: paths.slice(3) });
    for (const p of paths.slice(0, 3)) expect(got[p], p).toBe('ENOENT');
    for (const p of paths.slice(3)) expect(read[p], p).toBe(p === root ? 'ENOENT' : 'ENOENT');
  });

  it('writes nowhere but its own /tmp, which is gone afterwards', async () => {
    const marker = join(tmpdir(), `sandbox-marker-${process.pid}`);
    const paths = [
      join(project, 'planted.json'),
      storeFile,
      '/usr/planted',
      '/skill/main.mjs',
      '/skill/planted',
      '/planted',
      marker,
      '/tmp/own',
    ];
    const got = await node(tryEach("fs.writeFileSync(p, 'x')"), { paths });
    expect(got).toEqual({
      [paths[0]!]: 'ENOENT',
      [paths[1]!]: 'ENOENT',
      '/usr/planted': 'EROFS',
      '/skill/main.mjs': 'EROFS',
      '/skill/planted': 'EROFS',
      '/planted': 'EROFS',
      // the host's temp folder is not the sandbox's: this lands in the private /tmp
      [marker]: 'ok',
      '/tmp/own': 'ok',
    });
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(project, 'planted.json'))).toBe(false);
    expect(readFileSync(storeFile, 'utf8')).toBe('the store');
  });

  it('sees no process outside: no parent environment or command line (a store password) in /proc, and cannot signal one', async () => {
    process.env.SANDBOX_TEST_SECRET = 'pg-password-in-env';
    const outside = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      const got = await node(
        `import fs from 'node:fs'; const a = JSON.parse(fs.readFileSync(0, 'utf8'));
         const pids = fs.readdirSync('/proc').filter((e) => /^\\d+$/.test(e));
         let leaked = false;
         for (const p of pids) for (const f of ['environ', 'cmdline']) { try { if (fs.readFileSync('/proc/' + p + '/' + f, 'latin1').includes(a.secret)) leaked = true; } catch {} }
         let kill; try { process.kill(a.pid, 'SIGKILL'); kill = 'ok'; } catch (e) { kill = e.code; }
         console.log(JSON.stringify({ pids: pids.length, leaked, kill, env: Object.keys(process.env).sort(), uid: process.getuid() }));`,
        { secret: 'pg-password-in-env', pid: outside.pid },
      );
      expect(got.leaked).toBe(false);
      expect(got.kill).toBe('ESRCH');
      expect(got.pids).toBeLessThanOrEqual(3); // bwrap's init, the script, maybe a reaper
      expect(got.uid).toBe(65534);
      expect(got.env).toEqual([
        'AGENT_TOOLS_RUN_ID',
        'HOME',
        'LANG',
        'LC_ALL',
        'PATH',
        'PYTHONDONTWRITEBYTECODE',
        'PYTHONIOENCODING',
        'TMPDIR',
      ]);
      expect(outside.exitCode).toBe(null);
    } finally {
      delete process.env.SANDBOX_TEST_SECRET;
      outside.kill();
    }
  });

  const connect = `import net from 'node:net'; const a = JSON.parse((await import('node:fs')).readFileSync(0, 'utf8'));
    const s = net.connect(a.port, '127.0.0.1'); let got = '';
    s.on('data', (d) => (got += d)); s.on('end', () => console.log(JSON.stringify({ got })));
    s.on('error', (e) => console.log(JSON.stringify({ error: e.code })));`;

  it('has no network unless the skill declares it: a loopback service of the host is out of reach', async () => {
    expect(await node(connect, { port })).toEqual({ error: 'ECONNREFUSED' });
    expect(await node(connect, { port }, true)).toEqual({ got: 'hello from the host\n' });
  });

  it('leaves nothing running: a process that escapes its group with setsid dies with the sandbox', async () => {
    const r = await runScript('bash', 'setsid sleep 300 & disown; (sleep 301 &) ; echo done', {});
    expect(r).toMatchObject({ ok: true, value: 'done\n', sandboxed: true });
    expect(processesOfRun(r.runId)).toEqual([]);
    const t = await runScript('bash', 'setsid sleep 300 & echo started; sleep 300', {}, { timeoutMs: 1500 });
    expect(t).toMatchObject({ ok: false, timedOut: true, sandboxed: true });
    expect(processesOfRun(t.runId)).toEqual([]);
  });

  it('gets no file descriptor its parent was handed without close-on-exec', () => {
    // a parent (an MCP client, a shell) hands this process descriptor 30, open on a project file
    const script = join(project, 'run.mjs');
    writeFileSync(
      script,
      `import { runScript } from ${JSON.stringify(join(root, 'dist/skills/executors/script-executor.js'))};
       const r = await runScript('bash', 'ls /proc/self/fd | sort -n | tr "\\\\n" " "; { cat <&30; } 2>&1 | head -c 200', {});
       console.log(JSON.stringify(r.value ?? r.error));`,
    );
    const r = spawnSync(
      'bash',
      ['-c', `exec 30<${JSON.stringify(join(project, 'secret.txt'))}; exec ${JSON.stringify(process.execPath)} ${JSON.stringify(script)}`],
      {
        cwd: root,
        encoding: 'utf8',
      },
    );
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as string;
    expect(out).toMatch(/^0 1 2 3 /);
    expect(out).not.toContain('project secret');
    expect(out).toMatch(/ 30: Bad file descriptor\n$/);
  });

  it('runs python3 and bash too, with the same view', async () => {
    const py = await runScript(
      'python3',
      'import os, json\nprint(json.dumps([os.getcwd(), os.path.exists(os.path.expanduser("~/.ssh")), os.listdir("/skill")]))',
      {},
    );
    expect(py).toMatchObject({ ok: true, sandboxed: true, value: ['/tmp', false, ['main.py']] });
    const sh = await runScript('bash', 'echo "$HOME $(pwd) $(ls /skill)"', {});
    expect(sh).toMatchObject({ ok: true, sandboxed: true, value: '/tmp /tmp main.sh\n' });
  });
});

describe.runIf(!support.ok)('script sandbox: bubblewrap is not usable here', () => {
  it('refuses to run a script, naming why and the two ways on', async () => {
    const r = await runScript('node', 'console.log(1)', {});
    expect(r.ok).toBe(false);
    expect(r.error).toMatch(
      /^script skills run only inside a sandbox, and .*; install bubblewrap .* or allow scripts to run without a sandbox with --unsandboxed$/,
    );
  });
});
