/** Soak row 6: hostile scripts against the bubblewrap sandbox, in seeded order with fresh names. */

import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runScript } from 'agent-tools/skills';
import { duration, type RowResult, type SoakContext } from '../report.js';
import { createRng, caseSeed } from '../rng.js';
import { percentile } from '../mcp/load-check.js';
import { checkConnect, checkReads, checkSnoop, checkWrites } from './check.js';

/** A node script that tries `op` on each of `paths` (from stdin) and prints `{ path: 'ok' | error code }`. */
const tryEach = (op: string) =>
  `import fs from 'node:fs'; const a = JSON.parse(fs.readFileSync(0, 'utf8')); const out = {};
   for (const p of a.paths) { try { ${op}; out[p] = 'ok'; } catch (e) { out[p] = e.code ?? String(e); } }
   console.log(JSON.stringify(out));`;

const SNOOP = `import fs from 'node:fs'; const a = JSON.parse(fs.readFileSync(0, 'utf8'));
  const pids = fs.readdirSync('/proc').filter((e) => /^\\d+$/.test(e)); let leaked = [];
  for (const p of pids) for (const f of ['environ', 'cmdline']) { try { if (fs.readFileSync('/proc/' + p + '/' + f, 'latin1').includes(a.secret)) leaked.push(p + '/' + f); } catch {} }
  let kill; try { process.kill(a.pid, 0); kill = 'ok'; } catch (e) { kill = e.code; }
  console.log(JSON.stringify({ leaked, kill }));`;

const CONNECT = `import net from 'node:net'; const a = JSON.parse((await import('node:fs')).readFileSync(0, 'utf8'));
  const s = net.connect(a.port, a.host); let got = ''; s.setTimeout(3000, () => { console.log(JSON.stringify({ error: 'timeout' })); s.destroy(); });
  s.on('data', (d) => (got += d)); s.on('end', () => console.log(JSON.stringify({ got })));
  s.on('error', (e) => console.log(JSON.stringify({ error: e.code })));`;

/** Shuffled copy (Fisher-Yates) with the row's generator. */
function shuffle<T>(list: readonly T[], int: (n: number) => number): T[] {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Row 6: hostile scripts against the bubblewrap sandbox (quick: 2 rounds; full: 10), each round
 * in a seeded order with fresh names: read the home folder, `~/.ssh`, the project and the skill
 * store; write the project, the store, `/usr`, `/` and the host's temp folder; find a secret of
 * the caller's environment and of another process's command line in `/proc`, and signal the
 * caller; connect to a service of the host on 127.0.0.1 without `network: true` (and, the
 * control that proves the attack would work, with it).
 */
export async function soakSandbox(ctx: SoakContext): Promise<RowResult> {
  const rounds = ctx.quick ? 2 : 10;
  const failures: string[] = [];
  const times: number[] = [];
  let count = 0;
  let blocked = 0;
  const project = mkdtempSync(join(tmpdir(), 'soak-sandbox-project-'));
  mkdirSync(join(project, '.agent-tools'));
  const store = join(project, '.agent-tools', 'skills.db');
  writeFileSync(store, 'the store');
  writeFileSync(join(project, 'secret.txt'), 'project secret');
  const tcp = createServer((s) => s.end('hello from the host\n'));
  await new Promise<void>((r) => tcp.listen(0, '127.0.0.1', r));
  const port = (tcp.address() as { port: number }).port;
  const run = async (code: string, args: unknown, network = false) => {
    const t = performance.now();
    const r = await runScript('node', code, args, { network, timeoutMs: 20_000 });
    times.push(performance.now() - t);
    if (!r.ok) throw new Error(r.error);
    if (!r.sandboxed) throw new Error('ran without the sandbox');
    return r.value as Record<string, unknown>;
  };
  try {
    const probe = await runScript('node', 'console.log(1)', {});
    if (!probe.ok && /only inside a sandbox/.test(probe.error ?? ''))
      return {
        row: '6 sandbox',
        ran: 'hostile scripts in bubblewrap',
        count: 0,
        failures: [],
        lost: 'n/a',
        figures: '',
        skipped: probe.error,
      };
    for (let round = 0; round < rounds; round++) {
      const rng = createRng(caseSeed(ctx.seed, round));
      const tag = `${ctx.seed}-${round}-${rng.int(1e6)}`;
      const secret = `soak-secret-${tag}`;
      const hostMarker = join(tmpdir(), `soak-sandbox-marker-${tag}`);
      const attacks: [string, () => Promise<void>][] = [
        [
          'read',
          async () => {
            const paths = shuffle(
              [homedir(), join(homedir(), '.ssh'), project, join(project, 'secret.txt'), store, ctx.root, '/etc/shadow'],
              rng.int,
            );
            const got = await run(tryEach('fs.statSync(p).isDirectory() ? fs.readdirSync(p) : fs.readFileSync(p)'), { paths });
            count += paths.length;
            const found = checkReads(got, paths);
            blocked += paths.length - found.length;
            failures.push(...found.map((f) => `round ${round + 1}: ${f}`));
          },
        ],
        [
          'write',
          async () => {
            const planted = join(project, `planted-${tag}`);
            const paths = shuffle(
              [planted, store, join(ctx.root, `planted-${tag}`), `/usr/planted-${tag}`, `/planted-${tag}`, hostMarker],
              rng.int,
            );
            const got = await run(tryEach("fs.writeFileSync(p, 'x')"), { paths });
            count += paths.length;
            const found = checkWrites(got, paths, hostMarker, existsSync, [store]);
            blocked += paths.length - found.length;
            failures.push(...found.map((f) => `round ${round + 1}: ${f}`));
            if (readFileSync(store, 'utf8') !== 'the store') failures.push(`round ${round + 1}: the store file changed`);
          },
        ],
        [
          'proc',
          async () => {
            process.env.SOAK_SANDBOX_SECRET = secret;
            const other = spawn('sleep', ['30', secret], { stdio: 'ignore' });
            other.on('error', () => {});
            try {
              const got = await run(SNOOP, { secret, pid: process.pid });
              count += 2;
              const found = checkSnoop(got);
              blocked += 2 - found.length;
              failures.push(...found.map((f) => `round ${round + 1}: ${f}`));
            } finally {
              delete process.env.SOAK_SANDBOX_SECRET;
              other.kill();
            }
          },
        ],
        [
          'connect',
          async () => {
            const closed = await run(CONNECT, { host: '127.0.0.1', port });
            // the control: with network declared, the same script reaches it (else the attack proves nothing)
            const open = await run(CONNECT, { host: '127.0.0.1', port }, true);
            count++;
            const found = checkConnect(closed, open, 'hello from the host\n');
            if (!found.some((f) => f.startsWith('reached'))) blocked++;
            failures.push(...found.map((f) => `round ${round + 1}: ${f}`));
          },
        ],
      ];
      for (const [name, attack] of shuffle(attacks, rng.int)) {
        try {
          await attack();
        } catch (e) {
          failures.push(`round ${round + 1} ${name}: ${(e as Error).message}`);
        }
      }
      rmSync(hostMarker, { force: true });
    }
  } finally {
    tcp.close();
    rmSync(project, { recursive: true, force: true });
  }
  return {
    row: '6 sandbox',
    ran: `hostile node scripts in bubblewrap: read home/~/.ssh/project/store, write outside /tmp, /proc of others, signal the caller, connect out without network${ctx.quick ? ` (quick: ${rounds} rounds; full 10)` : ''}`,
    count,
    failures,
    lost: `${count - blocked} attempts got through`,
    figures: `${times.length} sandboxed runs: p50 ${duration(percentile(times, 50))}, max ${duration(Math.max(...times))}`,
  };
}
