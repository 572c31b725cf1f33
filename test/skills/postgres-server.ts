/** A PostgreSQL server of a test's own: a fresh cluster in a temp folder on 127.0.0.1. */

import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/** A PostgreSQL server of a test's own: a fresh cluster in a temp folder, on 127.0.0.1 and a free port. */
export interface TestPostgres {
  port: number;
  password: string;
  /** `postgres://postgres:<password>@127.0.0.1:<port>/<db>`. */
  url(db?: string): string;
  /** Creates a database and returns its URL. */
  createDatabase(name: string): Promise<string>;
  /** Runs SQL as the superuser in `db`. */
  sql(db: string, text: string, params?: unknown[]): Promise<pg.QueryResult>;
  /** Stops the server (fast shutdown: clients are disconnected) and starts it again. */
  stopServer(): void;
  startServer(): void;
  /** Stops it and removes its folder. */
  close(): void;
}

/** Where initdb and pg_ctl are: $PG_BIN, Debian's /usr/lib/postgresql/<newest>/bin, else the PATH. */
export function findPostgresBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((v) => `/usr/lib/postgresql/${v}/bin`));
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  const found = candidates.find((d) => existsSync(join(d, 'initdb')) && existsSync(join(d, 'pg_ctl')) && existsSync(join(d, 'postgres')));
  if (!found) {
    throw new Error(
      `PostgreSQL is needed by these tests and was not found (looked for initdb, pg_ctl and postgres in $PG_BIN, /usr/lib/postgresql/<version>/bin and the PATH); install it with 'apt-get install postgresql' (.ci/run does) or set PG_BIN`,
    );
  }
  return found;
}

/** PostgreSQL refuses to run as root: as root, run it as `postgres` (created when missing). */
function serverUser(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const id = (flag: string) => spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' });
  if (id('-u').status !== 0) {
    const r = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres'], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`cannot create the user postgres to run PostgreSQL as: ${r.stderr}`);
  }
  return { uid: Number(id('-u').stdout), gid: Number(id('-g').stdout) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** Starts a fresh PostgreSQL (initdb, pg_ctl) for a test file; call `close()` after it. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = findPostgresBin();
  const user = serverUser();
  // As root, a folder the server's user can reach whatever TMPDIR says.
  const dir = mkdtempSync(join(user ? '/tmp' : tmpdir(), 'agent-tools-pg-'));
  const data = join(dir, 'data');
  const password = 'test-secret';
  writeFileSync(join(dir, 'pw'), password);
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  if (user) chownSync(join(dir, 'pw'), user.uid, user.gid);
  const run = (cmd: string, args: string[]) => {
    const opts: SpawnSyncOptions = { encoding: 'utf8', cwd: dir, ...user, env: { ...process.env, LC_ALL: 'C' }, timeout: 120_000 };
    const r = spawnSync(join(bin, cmd), args, opts);
    if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal}): ${r.stderr}${r.stdout}`);
  };
  run('initdb', [
    '-D',
    data,
    '-U',
    'postgres',
    '--pwfile',
    join(dir, 'pw'),
    '--auth-local=trust',
    '--auth-host=scram-sha-256',
    '-E',
    'UTF8',
    '--locale=C',
    '--no-sync',
  ]);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const startServer = () => run('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-o', options, '-w', '-t', '60', 'start']);
  const stopServer = () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  startServer();
  const url = (db = 'postgres') => `postgres://postgres:${password}@127.0.0.1:${port}/${db}`;
  const sql = async (db: string, text: string, params?: unknown[]) => {
    const c = new pg.Client({ connectionString: url(db) });
    await c.connect();
    try {
      return await c.query(text, params);
    } finally {
      await c.end();
    }
  };
  return {
    port,
    password,
    url,
    sql,
    stopServer,
    startServer,
    async createDatabase(name) {
      await sql('postgres', `CREATE DATABASE "${name}"`);
      return url(name);
    },
    close() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
