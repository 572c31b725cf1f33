/** The two store engines as the shared store suite sees them: fresh stores, and raw SQL to corrupt rows. */

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../src/skills/store/sqlite-driver.js';
import { startPostgres, type TestPostgres } from './postgres-server.js';

export const root = new URL('../..', import.meta.url).pathname;

/** One store engine as the shared suite sees it: fresh stores, and raw SQL to corrupt rows behind the store's back. */
export interface Engine {
  name: 'sqlite' | 'postgres';
  start(): Promise<void>;
  stop(): void;
  /** The location of a new, empty store. */
  fresh(): Promise<string>;
  /** Runs SQL on the store directly (`?` placeholders). */
  exec(location: string, sql: string, params?: unknown[]): Promise<void>;
}

export const sqlite: Engine = {
  name: 'sqlite',
  async start() {},
  stop() {},
  async fresh() {
    return join(mkdtempSync(join(tmpdir(), 'skill-store-')), 'nested', 'skills.db');
  },
  async exec(location, sql, params = []) {
    const db = openDatabase(location);
    db.prepare(sql).run(...(params as (string | number | null)[]));
    db.close();
  },
};

let server: TestPostgres | undefined;
let dbs = 0;
export const postgres: Engine & { server(): TestPostgres } = {
  name: 'postgres',
  async start() {
    server = await startPostgres();
  },
  stop() {
    server?.close();
    server = undefined;
  },
  server() {
    if (!server) throw new Error('postgres engine not started');
    return server;
  },
  async fresh() {
    return this.server().createDatabase(`store_${process.pid}_${++dbs}`);
  },
  async exec(location, sql, params = []) {
    let i = 0;
    await this.server().sql(
      new URL(location).pathname.slice(1),
      sql.replace(/\?/g, () => `$${++i}`),
      params,
    );
  },
};

export const prompt = (name: string, content = 'Be brief.') => ({
  kind: 'prompt',
  name,
  description: `Skill ${name}`,
  triggers: [name],
  content,
});

/** A node process running `code` (an ES module body) with `openSkillStore` from the built package. */
export function nodeWithStore(code: string, stdio: 'pipe' | 'ignore' = 'ignore') {
  const script = `import { openSkillStore } from ${JSON.stringify(`${root}dist/skills/store/store.js`)};\n${code}`;
  return spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', stdio, 'pipe'] });
}

/** A child process that installs `count` skills named `<prefix>-<i>`, one transaction each, then toggles each. */
export function writer(location: string, prefix: string, count: number): Promise<{ code: number | null; stderr: string }> {
  const child = nodeWithStore(`const store = await openSkillStore(${JSON.stringify(location)});
for (let i = 0; i < ${count}; i++) {
  await store.install([{ raw: { kind: 'prompt', name: '${prefix}-' + i, description: 'd', triggers: ['t'], content: 'c' }, source: '${prefix}' }]);
  await store.setEnabled('${prefix}-' + i, i % 2 === 0);
}
await store.close();`);
  return new Promise((resolve) => {
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}
