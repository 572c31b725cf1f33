// Conventions every page keeps. One form for a command everywhere: a user who installed agent-tools in their project runs it as
// `npx agent-tools ...` (a bare `agent-tools` is "command not found" there), so every command line
// a page shows says `npx agent-tools`. Shell blocks are read line by line, at each command position
// (line start, after a pipe, `&&`, `||`, `;` or `$(`); text and console blocks only on `$ ` prompt
// lines, since the rest is printed output (help text names the program `agent-tools`); inline code
// when it is a command line rather than a command's name. A block the page marks
// `<!-- global install: ... -->` on the line above may use the bare form.
// And a TypeScript example with top-level `await` runs only as an ES module, which a CommonJS
// project (`npm init -y`) is not: a page that shows one links to the one place that says so.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks, markdownFiles, root } from './markdown.js';

const SHELL = new Set(['sh', 'bash', 'shell', 'zsh', '']);
const PROMPTED = new Set(['text', 'console', 'txt']);

/** The `file:line` of every bare `agent-tools` command in the code blocks of `text`, read as `file`. */
function bareCommands(file: string, text: string): string[] {
  const out: string[] = [];
  for (const block of codeBlocks(text)) {
    if (/^global install\b/.test(block.marker ?? '')) continue;
    const shell = SHELL.has(block.lang);
    if (!shell && !PROMPTED.has(block.lang)) continue;
    block.code.split('\n').forEach((line, i) => {
      const prompt = /^\s*\$\s+(.*)$/.exec(line);
      if (!shell && !prompt) return;
      const command = (prompt ? prompt[1]! : line).replace(/\s#\s.*$/, '');
      if (/(?:^\s*|[|;&(]\s*)agent-tools(?=\s|$)/.test(command)) out.push(`${file}:${block.line + 1 + i}: ${line.trim()}`);
    });
  }
  return out;
}

/**
 * The `file:line` of every inline `agent-tools ...` outside code blocks that is a command to type (a
 * flag or an argument after the command: `agent-tools validate tools`), not a command's name
 * (`agent-tools serve`, `agent-tools skill run`).
 */
function bareInline(file: string, text: string): string[] {
  const out: string[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (/^\s*(```|~~~)/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const m of line.matchAll(/(?<!npx )`agent-tools ([^`]*)`/g)) {
      const words = m[1]!.trim().split(/\s+/);
      const name = !words.some((w) => w.startsWith('-')) && (words.length === 1 || (words[0] === 'skill' && words.length === 2));
      if (!name && !/^skill \w+\|/.test(m[1]!)) out.push(`${file}:${i + 1}: ${m[0]}`);
    }
  });
  return out;
}

describe('commands in README.md and docs/ say npx agent-tools', () => {
  it('finds bare commands where they are and only there', () => {
    const page = [
      '```sh',
      'npx agent-tools validate tools',
      "echo '{}' | agent-tools scaffold",
      'agent-tools serve x.ts   # bare',
      '```',
      '```text',
      '$ agent-tools call x.ts',
      '  agent-tools search "printed by --help"',
      '```',
      '<!-- global install: npm install -g agent-tools -->',
      '```sh',
      'agent-tools validate',
      '```',
      '```ts',
      "const rule = 'x'; // agent-tools explain <rule>",
      '```',
    ].join('\n');
    const prose = 'Run `agent-tools validate tools` or `npx agent-tools --help`; `agent-tools serve` and `agent-tools skill run` are names; `agent-tools --help`.';
    expect(bareInline('p.md', prose)).toEqual(['p.md:1: `agent-tools validate tools`', 'p.md:1: `agent-tools --help`']);
    expect(bareCommands('p.md', page)).toEqual([
      "p.md:3: echo '{}' | agent-tools scaffold",
      'p.md:4: agent-tools serve x.ts   # bare',
      'p.md:7: $ agent-tools call x.ts',
    ]);
  });

  it.each(markdownFiles())('%s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    expect([...bareCommands(file, text), ...bareInline(file, text)]).toEqual([]);
  });
});

/** The lines of `text`'s TypeScript blocks that await at the top level (an unindented line, not a comment). */
function topLevelAwaits(text: string): string[] {
  return codeBlocks(text)
    .filter((b) => b.lang === 'ts' || b.lang === 'typescript')
    .flatMap((b) => b.code.split('\n').filter((l) => /^[^\s/*]/.test(l) && /\bawait\b/.test(l.replace(/\/\/.*$/, ''))));
}

describe('a page with top-level await in an example says it is an ES module', () => {
  const RUNNING_TS = 'getting-started.md#running-your-typescript';

  it('finds top-level awaits and only those', () => {
    const page = ['```ts', 'const a = await f();', 'async function g() {', '  await h();', '}', '// await in a comment', '```'].join('\n');
    expect(topLevelAwaits(page)).toEqual(['const a = await f();']);
  });

  it.each(markdownFiles())('%s', (file) => {
    const text = readFileSync(join(root, file), 'utf8');
    if (topLevelAwaits(text).length === 0) return;
    expect(text, `${file} awaits at the top level: link docs/${RUNNING_TS}`).toContain(file === 'README.md' ? `docs/${RUNNING_TS}` : RUNNING_TS);
  });

  it('the section it links to says how to run one', () => {
    const page = readFileSync(join(root, 'docs/getting-started.md'), 'utf8');
    expect(page).toContain('## Running your TypeScript');
    expect(page).toContain('npm pkg set type=module');
  });
});
