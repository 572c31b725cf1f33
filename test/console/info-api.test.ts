// The console's page-wide API, GET /api/console: the store (password masked) and toolbox the header names.

import { afterAll, describe, expect, it } from 'vitest';
import { ConsoleStore } from '../../src/console/store-access.js';
import { api, consoleOnExamples } from './helpers.js';

const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe("the page header's API: GET /api/console", { timeout: 90_000 }, () => {
  it('names the store and the --tools module, needs the token', async () => {
    const { console: c, store } = await consoleOnExamples({ toolbox: { module: 'tools.ts', tools: [] } });
    cleanup.push(() => c.close());
    expect(await api(c).get('/api/console')).toEqual({ status: 200, json: { store, toolbox: 'tools.ts' } });
    expect((await fetch(`${c.origin}/api/console`)).status).toBe(403);
  });

  it('says toolbox null without --tools', async () => {
    const { console: c, store } = await consoleOnExamples();
    cleanup.push(() => c.close());
    expect((await api(c).get('/api/console')).json).toEqual({ store, toolbox: null });
  });

  it('shows a PostgreSQL store with its password masked (the value the header and /api/skills show)', () => {
    const shown = new ConsoleStore('postgres://team:s3cret-pw@db.example:5432/skills').shown;
    expect(shown).toBe('postgres://team:***@db.example:5432/skills');
    expect(shown).not.toContain('s3cret');
  });
});
