/** `npm run soak`: runs the chosen soak rows with a seed and prints their table. */

import { fileURLToPath } from 'node:url';
import { soakFuzz } from './fuzz/row.js';
import { soakLoad } from './mcp/load-row.js';
import { soakMcp } from './mcp/row.js';
import { soakScripts } from './scripts/row.js';
import { soakKills } from './store/row.js';
import { soakSandbox } from './sandbox/row.js';
import { soakAuth } from './auth/row.js';
import { renderSoakTable, type RowResult, type SoakContext } from './report.js';

const ROWS: Record<string, (ctx: SoakContext) => Promise<RowResult | RowResult[]>> = {
  fuzz: soakFuzz,
  mcp: soakMcp,
  load: soakLoad,
  kill: soakKills,
  scripts: soakScripts,
  sandbox: soakSandbox,
  auth: soakAuth,
};

const argv = process.argv.slice(2);
const value = (flag: string) => {
  const at = argv.indexOf(flag);
  return at >= 0 ? argv[at + 1] : undefined;
};
const seedText = value('--seed');
if (seedText !== undefined && !/^\d+$/.test(seedText)) {
  console.error(`--seed: expected a non-negative integer, received "${seedText}"`);
  process.exit(2);
}
const only = (value('--only') ?? Object.keys(ROWS).join(',')).split(',');
const unknown = only.filter((name) => !(name in ROWS));
if (unknown.length) {
  console.error(`--only: unknown row ${unknown.join(', ')}; choose from ${Object.keys(ROWS).join(', ')}`);
  process.exit(2);
}

const ctx: SoakContext = {
  root: fileURLToPath(new URL('..', import.meta.url)),
  quick: argv.includes('--quick'),
  seed: seedText !== undefined ? Number(seedText) : Math.floor(Math.random() * 2 ** 31),
  log: (m) => console.error(`[soak] ${m}`),
};

const started = Date.now();
ctx.log(
  `seed ${ctx.seed} (${ctx.quick ? 'quick' : 'full'} run); reproduce with: npm run soak -- --seed ${ctx.seed}${ctx.quick ? ' --quick' : ''}`,
);
const rows: RowResult[] = [];
for (const name of only) {
  const t = Date.now();
  try {
    rows.push(...[await ROWS[name]!(ctx)].flat());
  } catch (e) {
    rows.push({ row: name, ran: 'the row itself failed', count: 0, failures: [(e as Error).stack ?? String(e)], lost: 'n/a', figures: '' });
  }
  ctx.log(`${name}: ${((Date.now() - t) / 1000).toFixed(1)} s`);
}
console.log(renderSoakTable(rows));
const failures = rows.flatMap((r) => r.failures.map((f) => `${r.row}: ${f}`));
console.log(
  `\n${ctx.quick ? 'quick' : 'full'} run, seed ${ctx.seed}; ${((Date.now() - started) / 1000).toFixed(1)} s in all; ${process.version}, ${process.platform}.`,
);
const skipped = rows.filter((r) => r.skipped);
if (skipped.length > 0) {
  console.log(`\nNot a pass: ${skipped.length} row(s) did not run: ${skipped.map((r) => `${r.row}: ${r.skipped}`).join('; ')}.`);
  process.exitCode = 1;
}
if (failures.length > 0) {
  console.log(`\n${failures.length} failure(s):`);
  for (const f of failures.slice(0, 50)) console.log(`- ${f}`);
  if (failures.length > 50) console.log(`- ... and ${failures.length - 50} more`);
  process.exitCode = 1;
}
