/** What every benchmark case gets (package root, run plan, quick or not), and the CLI as a subject. */

import { join } from 'node:path';
import type { Plan } from './measure.js';

/** What every benchmark case gets: the package root, the run plan and whether this is a quick run. */
export interface BenchContext {
  root: string;
  quick: boolean;
  plan: Plan;
  /** Corpus sizes for the static benchmarks (5 000 is skipped with --quick). */
  sizes: number[];
  /** Progress goes here (stderr), results only in the final table. */
  log(message: string): void;
}

/** `node bin/agent-tools.js ...args` as a subject command line. */
export function cli(ctx: BenchContext, ...args: string[]): { cmd: string; args: string[] } {
  return { cmd: process.execPath, args: [join(ctx.root, 'bin', 'agent-tools.js'), ...args] };
}
