// Soak row 4 on PostgreSQL (kills of a store writer, run on each store engine): the row's
// PostgreSQL check must fail on a broken store, or the 100 kills it runs prove nothing.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSkillStore } from '../../src/skills/index.js';
import { checkAfterKill } from '../../soak/store/check.js';
import { postgresEngine, type KillEngine } from '../../soak/store/engines.js';
import { renderSoakTable } from '../../soak/report.js';

let engine: KillEngine;
beforeAll(async () => {
  const e = await postgresEngine();
  if ('skipped' in e) throw new Error(e.skipped);
  engine = e;
}, 120_000);
afterAll(() => engine?.close());

const skill = (name: string) => ({
  raw: { kind: 'prompt', name, triggers: ['soak'], description: 'Soak skill written by the kill row, version 7', content: 'text' },
});

describe('soak row 4 on PostgreSQL: the check after a kill', () => {
  it('passes a sound store holding the acknowledged writes', async () => {
    const store = await openSkillStore(engine.location);
    await store.install([skill('a')]);
    await store.close();
    const after = await engine.inspect();
    expect(after).toMatchObject({ integrity: 'ok', problems: [], actual: { a: { enabled: true, version: 7 } } });
    expect(checkAfterKill({}, [{ begin: 0, op: 'install', names: ['a'], version: 7, force: false }, { ack: 0 }], after).failures).toEqual(
      [],
    );
  });

  it('fails a half-written row, a broken column, and a writer session that stays open', async () => {
    const writer = new pg.Client({ connectionString: engine.location });
    await writer.connect();
    await writer.query(`UPDATE skills SET json = '{"kind":"prompt","name":"a"', enabled = 2 WHERE name = 'a'`);
    const pending = engine.inspect();
    // The writer's session is closed after 1 s: the check waits for it, then finds the rest.
    setTimeout(() => void writer.end(), 1000);
    const after = await pending;
    expect(after.integrity.split('; ')).toEqual(['1 row(s) with enabled not 0 or 1']);
    expect(after.problems).toHaveLength(1);
    const failures = checkAfterKill({}, [{ begin: 0, op: 'install', names: ['a'], version: 7, force: false }, { ack: 0 }], after).failures;
    expect(failures[0]).toBe('integrity_check: 1 row(s) with enabled not 0 or 1');
    expect(failures.some((f) => f.startsWith('unusable row: a'))).toBe(true);
    const stuck = new pg.Client({ connectionString: engine.location });
    await stuck.connect();
    expect((await engine.inspect()).integrity).toMatch(/session\(s\) of the killed writer still open/);
    await stuck.end();
  }, 30_000);

  it('prints a row that could not run as skipped, not as 0 failures', () => {
    const table = renderSoakTable([
      {
        row: '4 kills during writes: PostgreSQL',
        ran: 'skipped: no PostgreSQL',
        count: 0,
        failures: [],
        lost: 'n/a',
        figures: '',
        skipped: 'no PostgreSQL',
      },
    ]);
    expect(table.split('\n')[2]).toMatch(/PostgreSQL\s+skipped: no PostgreSQL\s+0\s+skipped\s+n\/a/);
  });
});
