/** Tests that the docs' TypeScript and shell blocks run as written. */

import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { type CodeBlock, codeBlocks, markdownFiles, root } from './markdown.js';

/**
 * Every TypeScript and shell block in README.md and docs/ runs here, or is marked
 * `<!-- not runnable: <reason> -->` on the line above it. The shell blocks of one page run in
 * order in one fresh folder (a page is a walk-through: scaffold, then validate what it wrote),
 * with `agent-tools` and `npx agent-tools` running this checkout; `examples/` and `fixtures/`
 * are linked into that folder. `<!-- run: exit N -->` expects exit code N (default 0).
 * TypeScript blocks run with tsx from the repository, so `agent-tools` imports this package.
 * A block marked `<!-- output: ... -->` right after a runnable block is what that block prints:
 * its stdout must equal it (trailing spaces and the last newline aside), so a shown output never
 * goes stale. `<!-- run: with ai N -->` runs a TypeScript block with AI SDK major N: `ai` and `ai/*`
 * resolve to the npm alias `ai-vN` (devDependencies), for the block and for this package alike.
 */
const RUNNABLE = new Set(['ts', 'typescript', 'sh', 'bash', 'shell']);
const scratch = mkdtempSync(join(tmpdir(), 'agent-tools-doc-blocks-'));
const shims = join(scratch, 'bin');
mkdirSync(shims);
const bin = join(root, 'bin/agent-tools.js');
writeFileSync(join(shims, 'agent-tools'), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`);
// A resolve hook that sends `ai` and `ai/*` to the alias `ai-v<AI_MAJOR>`, as a user's project with that major installed would.
const aiHook = join(scratch, 'ai-major.mjs');
writeFileSync(
  aiHook,
  "import { registerHooks } from 'node:module';\nregisterHooks({ resolve(s, c, next) { const m = /^ai(\\/.*)?$/.exec(s);" +
    " return next(m ? `ai-v${process.env.AI_MAJOR}${m[1] ?? ''}` : s, c); } });\n",
);
writeFileSync(join(shims, 'npx'), `#!/bin/sh\nif [ "$1" = agent-tools ]; then shift; exec "${process.execPath}" "${bin}" "$@"; fi\necho "docs test: only npx agent-tools runs here, not npx $1" >&2; exit 127\n`);
chmodSync(join(shims, 'agent-tools'), 0o755);
chmodSync(join(shims, 'npx'), 0o755);
const runDir = join(root, 'test/docs/.run');
mkdirSync(runDir, { recursive: true });
afterAll(() => {
  rmSync(scratch, { recursive: true, force: true });
  rmSync(runDir, { recursive: true, force: true });
});

const env = { ...process.env, PATH: `${shims}:${process.env.PATH}`, NO_COLOR: '1', CI: 'true' };

// docs/checks.md is generated; its failing and passing examples are run by test/validate/docs.test.ts.
describe.each(markdownFiles().filter((f) => f !== 'docs/checks.md'))('runnable blocks of %s', (file) => {
  const all = codeBlocks(readFileSync(join(root, file), 'utf8'));
  const blocks = all.filter((b) => RUNNABLE.has(b.lang));
  const shown = new Map<CodeBlock, CodeBlock>();
  all.forEach((b, i) => {
    if (!/^output:/.test(b.marker ?? '')) return;
    const before = all[i - 1];
    it(`line ${b.line}: an output block follows a runnable block`, () => {
      expect(before && RUNNABLE.has(before.lang) && !/^not runnable:/.test(before.marker ?? ''), `${file}:${b.line}`).toBe(true);
    });
    if (before) shown.set(before, b);
  });
  const cwd = join(scratch, file.replace(/[/.]/g, '_'));
  mkdirSync(cwd);
  for (const dir of ['examples', 'fixtures']) symlinkSync(join(root, dir), join(cwd, dir));
  writeFileSync(join(cwd, 'package.json'), '{ "name": "doc-walkthrough", "private": true, "type": "module" }\n');

  if (blocks.length === 0) it('has no TypeScript or shell block', () => expect(blocks).toEqual([]));
  else it.each(blocks.map((b) => [`line ${b.line}`, b] as const))('%s', (_line, block) => {
    const skip = /^not runnable:\s*(.*)$/.exec(block.marker ?? '');
    if (skip) {
      expect(skip[1]!.length, `${file}:${block.line}: say why the block is not runnable`).toBeGreaterThan(10);
      return;
    }
    const expected = Number(/^run: exit (\d+)$/.exec(block.marker ?? '')?.[1] ?? 0);
    const aiMajor = /^run: with ai (\d+)$/.exec(block.marker ?? '')?.[1];
    const r =
      block.lang === 'ts' || block.lang === 'typescript'
        ? runTs(block.code, `${file.replace(/[/.]/g, '_')}_${block.line}.ts`, aiMajor)
        : spawnSync('bash', ['-eo', 'pipefail', '-c', block.code], { cwd, env, encoding: 'utf8', timeout: 120_000 });
    expect(r.status, `${file}:${block.line} exited ${r.status}\n${r.stdout}\n${r.stderr}`).toBe(expected);
    const output = shown.get(block);
    if (output) expect(trimEnds(r.stdout), `${file}:${output.line}: the output the page shows`).toBe(trimEnds(output.code));
  }, 180_000);
});

/** Runs a TypeScript block with tsx from the repository; with `aiMajor`, `ai` resolves to the alias `ai-v<aiMajor>`. */
function runTs(code: string, name: string, aiMajor?: string) {
  const path = join(runDir, name);
  writeFileSync(path, code);
  const withAi = aiMajor
    ? { ...env, AI_MAJOR: aiMajor, NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(aiHook).href}`.trim() }
    : env;
  const tsx = join(root, 'node_modules/tsx/dist/cli.mjs');
  return spawnSync(process.execPath, [tsx, path], { cwd: root, env: withAi, encoding: 'utf8', timeout: 120_000 });
}

/** The text with each line's trailing spaces and the trailing newlines removed. */
function trimEnds(text: string): string {
  return text
    .split('\n')
    .map((l) => l.trimEnd())
    .join('\n')
    .trimEnd();
}
