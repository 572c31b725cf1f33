// The kill row's child: opens the SQLite skill store and changes it in a loop, one write at a
// time, logging `begin` before each write and `ack` after the store returned, until killed.
// Plain JavaScript so it starts fast. Args: store path, log file, seed.
import { openSync, writeSync } from 'node:fs';
import { openSkillStore } from 'agent-tools/skills';

const [path, logFile, seedText] = process.argv.slice(2);
const log = openSync(logFile, 'a');
const write = (line) => writeSync(log, `${JSON.stringify(line)}\n`);
let a = Number(seedText) >>> 0;
const rnd = () => {
  a = (a + 0x6d2b79f5) >>> 0;
  let t = Math.imul(a ^ (a >>> 15), a | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const int = (n) => Math.floor(rnd() * n);
const NAMES = Array.from({ length: 8 }, (_, i) => `soak_skill_${i}`);
const skill = (name, version) => ({
  kind: 'prompt',
  name,
  triggers: ['soak'],
  description: `Soak skill written by the kill row, version ${version}`,
  content: `Content of ${name} at version ${version}. ${'x'.repeat(int(4000))}`,
});

const store = await openSkillStore(path);
write({ opened: true });
let present = new Set(await store.names());
let version = Date.now();
for (let n = 0; n < 100_000; n++) {
  const name = NAMES[int(NAMES.length)];
  let op;
  if (!present.has(name)) {
    const names = [...new Set([name, ...NAMES.filter((x) => !present.has(x) && rnd() < 0.3)])];
    op = { op: 'install', names, version: ++version, force: false };
  } else {
    const pick = int(4);
    op =
      pick === 0
        ? { op: 'install', names: [name], version: ++version, force: true }
        : pick === 1
          ? { op: 'enable', name }
          : pick === 2
            ? { op: 'disable', name }
            : { op: 'remove', name };
  }
  write({ begin: n, ...op });
  if (op.op === 'install') {
    await store.install(
      op.names.map((x) => ({ raw: skill(x, op.version) })),
      { force: op.force },
    );
    for (const x of op.names) present.add(x);
  } else if (op.op === 'remove') {
    await store.remove(op.name);
    present.delete(op.name);
  } else await store.setEnabled(op.name, op.op === 'enable');
  write({ ack: n });
}
await store.close();
