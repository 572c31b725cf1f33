/** `npm run bench`: runs the chosen benchmark cases and prints their table. */

import { fileURLToPath } from 'node:url';
import type { BenchContext } from './context.js';
import { benchHelp } from './cases/help.js';
import { benchInstall } from './cases/install.js';
import { benchMcp } from './cases/mcp.js';
import { benchPipeline } from './cases/pipeline.js';
import { benchScript } from './cases/script.js';
import { benchSearch } from './cases/search.js';
import { benchStatic } from './cases/static.js';
import { benchWatch } from './cases/watch.js';
import { renderTable, type Row } from './table.js';

const CASES: Record<string, (ctx: BenchContext) => Row[] | Promise<Row[]>> = {
  static: benchStatic,
  help: benchHelp,
  pipeline: benchPipeline,
  mcp: benchMcp,
  script: benchScript,
  watch: benchWatch,
  install: benchInstall,
  search: benchSearch,
};

const argv = process.argv.slice(2);
const quick = argv.includes('--quick');
const onlyAt = argv.indexOf('--only');
const only = onlyAt >= 0 ? (argv[onlyAt + 1] ?? '').split(',') : Object.keys(CASES);
const unknown = only.filter((name) => !(name in CASES));
if (unknown.length) {
  console.error(`Unknown benchmark ${unknown.join(', ')}; choose from ${Object.keys(CASES).join(', ')}`);
  process.exit(2);
}

const ctx: BenchContext = {
  root: fileURLToPath(new URL('..', import.meta.url)),
  quick,
  plan: quick ? { warmup: 1, runs: 3 } : { warmup: 1, runs: 5 },
  sizes: quick ? [100, 1000] : [100, 1000, 5000],
  log: (m) => console.error(`[bench] ${m}`),
};

const started = Date.now();
const rows: Row[] = [];
for (const name of only) {
  try {
    rows.push(...(await CASES[name]!(ctx)));
  } catch (e) {
    rows.push({
      bench: name,
      subject: '',
      value: `failed: ${(e as Error).message.split('\n')[0]}`,
      floor: '',
      ratio: '',
      target: '',
      met: '',
    });
  }
}
console.log(renderTable(rows));
console.log(
  `\n${quick ? 'quick run' : 'full run'}: warm-up ${ctx.plan.warmup}, ${ctx.plan.runs} timed runs per subject (medians); ${((Date.now() - started) / 1000).toFixed(1)} s in all; ${process.version}, ${process.platform}.`,
);
