#!/usr/bin/env node
// Runs the compiled CLI (dist/), never tsx, so start-up stays fast.
import { existsSync } from 'node:fs';

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write("agent-tools: dist/ is missing; run 'npm install' (or 'npm run build') in the package first\n");
  process.exit(2);
}
const { main } = await import(entry.href);
await main(process.argv);
