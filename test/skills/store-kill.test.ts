/** Tests that `kill -9` of a writer leaves no half skill and loses no acknowledged install, on each engine. */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSkillStore } from '../../src/skills/store/store.js';
import { nodeWithStore, postgres, sqlite } from './store-engines.js';

// A writer killed with SIGKILL in the middle of its install loop: the store still opens, each
// install (three skills in one transaction) is there whole or not at all, and every install the
// writer was told had committed is there.
describe.each([sqlite, postgres])('kill -9 of a writer on $name', { timeout: 120_000 }, (engine) => {
  beforeAll(() => engine.start(), 120_000);
  afterAll(() => engine.stop());

  it('leaves no half skill and loses no acknowledged install', async () => {
    const location = await engine.fresh();
    await (await openSkillStore(location)).close();
    const child = nodeWithStore(
      `const store = await openSkillStore(${JSON.stringify(location)});
const skill = (name, i) => ({ kind: 'prompt', name, description: 'batch ' + i, triggers: ['t' + i], content: 'c'.repeat(2000 + i) });
for (let i = 0; ; i++) {
  await store.install([0, 1, 2].map((k) => ({ raw: skill('b' + i + '-' + k, i), source: 'loop' })));
  await store.setEnabled('b' + i + '-0', false);
  process.stdout.write('ack ' + i + '\\n');
}`,
      'pipe',
    );
    let out = '';
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    await new Promise<void>((resolve) => {
      child.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if ((out.match(/^ack /gm) ?? []).length >= 20) resolve();
      });
      child.on('close', () => resolve());
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.on('close', r));
    expect(stderr).toBe('');
    const acked = [...out.matchAll(/^ack (\d+)$/gm)].map((m) => Number(m[1]));
    expect(acked.length).toBeGreaterThanOrEqual(20);

    const store = await openSkillStore(location);
    const { skills, problems } = await store.list();
    await store.close();
    expect(problems).toEqual([]);
    const batches = new Map<number, string[]>();
    for (const s of skills) {
      const [, i, k] = /^b(\d+)-(\d)$/.exec(s.name)!;
      batches.set(Number(i), [...(batches.get(Number(i)) ?? []), k!]);
      expect(s.raw).toEqual({
        kind: 'prompt',
        name: s.name,
        description: `batch ${i}`,
        triggers: [`t${i}`],
        content: 'c'.repeat(2000 + Number(i)),
      });
    }
    for (const [, ks] of batches) expect(ks.sort()).toEqual(['0', '1', '2']);
    for (const i of acked) {
      expect(batches.get(i)).toBeDefined();
      expect(skills.find((s) => s.name === `b${i}-0`)!.enabled).toBe(false);
    }
    // Nothing beyond the one install that may have been in flight.
    expect(Math.max(...batches.keys())).toBeLessThanOrEqual(Math.max(...acked) + 1);
  });
});
