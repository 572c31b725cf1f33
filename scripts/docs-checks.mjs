// Writes docs/checks.md from the checks' own docs (run `npm run build` first; `npm run docs:checks` does both).
import { renameSync, writeFileSync } from 'node:fs';
import { renderAllCheckDocs } from '../dist/validate/docs.js';

const target = new URL('../docs/checks.md', import.meta.url);
const tmp = new URL(`../docs/.checks.md.${process.pid}.tmp`, import.meta.url);
writeFileSync(tmp, renderAllCheckDocs());
renameSync(tmp, target);
process.stdout.write(`wrote ${target.pathname}\n`);
