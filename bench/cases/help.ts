/** Benchmark: `agent-tools --help` against the floor `node -e 0`. */

import { cli, type BenchContext } from '../context.js';
import { timeSideBySide } from '../measure.js';
import { ms, ratio, type Row } from '../table.js';

/** Benchmark 2: `agent-tools --help` against the floor `node -e 0` (target: within 1.5x). */
export function benchHelp(ctx: BenchContext): Row[] {
  const plan = { warmup: ctx.plan.warmup, runs: ctx.quick ? 5 : 15 };
  const [help, floor] = timeSideBySide(
    [
      { label: 'agent-tools --help', ...cli(ctx, '--help') },
      { label: 'node -e 0', cmd: process.execPath, args: ['-e', '0'] },
    ],
    plan,
  );
  const r = help!.median / floor!.median;
  return [
    {
      bench: '2 startup',
      subject: 'agent-tools --help',
      value: help!.error ? `failed: ${help!.error}` : ms(help!.median),
      floor: `node -e 0: ${ms(floor!.median)}`,
      ratio: ratio(help!.median, floor!.median),
      target: '<= 1.5x',
      met: help!.error ? '' : r <= 1.5 ? 'yes' : 'no',
    },
  ];
}
