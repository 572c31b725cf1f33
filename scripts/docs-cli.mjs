// Writes docs/cli.md from the commander definitions (run `npm run build` first; `npm run docs:cli` does both).
import { renameSync, writeFileSync } from 'node:fs';
import { buildProgram } from '../dist/cli/main.js';
import { renderCliReference } from '../dist/cli/reference.js';

const target = new URL('../docs/cli.md', import.meta.url);
const tmp = new URL(`../docs/.cli.md.${process.pid}.tmp`, import.meta.url);
writeFileSync(tmp, renderCliReference(buildProgram()));
renameSync(tmp, target);
process.stdout.write(`wrote ${target.pathname}\n`);
