/** Tests that every command line a message asks the user to run has the one form of `cliCommand`. */

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { cliCommand } from '../../src/shared/cli-command.js';

const root = new URL('../../', import.meta.url).pathname;
const SUBCOMMANDS = readdirSync(join(root, 'src/cli/commands'))
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.replace(/\.ts$/, ''));

/**
 * A bare `agent-tools <subcommand>` (or `agent-tools --flag`, `agent-tools ${...}`) in a string:
 * a command line that fails in a project that installed the package locally. `npx agent-tools`
 * is the form `cliCommand` writes.
 */
const BARE = new RegExp(`(?<![\\w@/.-]|npx )agent-tools (?:${SUBCOMMANDS.join('|')}|--|\\$\\{)`, 'g');

/**
 * Mentions that name a command rather than ask the user to run one (a ToolLog caller, a report
 * heading, the page title, a file's provenance): matched by the text around them.
 */
const NAMES = [
  'the command line (agent-tools skill run)',
  'the command line (toolsToCommands, agent-tools call)',
  'the MCP server (createMcpServer, agent-tools serve)',
  "resourceName: 'agent-tools serve'",
  "'# agent-tools validate'",
  "'an agent-tools validate report'",
  "'# agent-tools validate\\n'",
  '`an agent-tools export (',
  '`is not an agent-tools export (',
  '; it is an agent-tools export (',
  'The folder agent-tools validate ran in.',
  '`agent-tools diff ${c.rule} (${c.class})`',
  "'# agent-tools validate: the checks'",
  '`agent-tools diff` exits 1',
  "'`agent-tools diff` prints:'",
  'written by `agent-tools export --format dts`',
  '`${section.title} · agent-tools console`',
  'the URL that "agent-tools console" printed',
  'open the URL agent-tools console printed',
  'a running agent-tools serve on this store',
  '<title>agent-tools console</title>',
  '<h1>agent-tools console</h1>',
  // a GitHub annotation's title: the check that found it
  'escapeProperty(`agent-tools ${f.checkId}`)',
  // commander's program name, shown in the usage line of `call <module> --help`
  'new Command(`agent-tools call ${module}`)',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.(c|m)?tsx?$/.test(e.name) && !e.name.endsWith('.d.ts') ? [join(dir, e.name)] : [],
  );
}

/** Whether an occurrence of `name` in `text` spans the `length` characters at `at`. */
function covers(text: string, name: string, at: number, length: number): boolean {
  for (let i = text.indexOf(name); i !== -1; i = text.indexOf(name, i + 1)) if (i <= at && at + length <= i + name.length) return true;
  return false;
}

/** Each bare mention in the string literals and templates of a source text, as `file:line: text`. */
function bareMentions(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const literal = node.getText(source);
      for (const m of literal.matchAll(BARE)) {
        const at = node.getStart(source) + m.index;
        // a name excuses only the mention it spells, not another string in the same statement
        if (NAMES.some((n) => covers(source.text, n, at, m[0].length))) continue;
        const { line } = source.getLineAndCharacterOfPosition(at);
        found.push(`${file}:${line + 1}: ${literal.slice(Math.max(0, m.index - 20), m.index + 40)}`);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('cliCommand', () => {
  it('writes the npx form, which runs a local install and a global one alike', () => {
    expect(cliCommand('skill refresh fonts --dry-run')).toBe('npx agent-tools skill refresh fonts --dry-run');
  });

  it('finds a bare command line in a hint, and not the npx form or a name', () => {
    expect(bareMentions('a.ts', "const a = `run 'agent-tools skill refresh ${name}'`;")).toHaveLength(1);
    expect(bareMentions('a.ts', 'const a = "(run \'agent-tools --help\' for usage)";')).toHaveLength(1);
    expect(bareMentions('a.ts', "const a = 'run npx agent-tools validate .';")).toEqual([]);
    expect(bareMentions('a.ts', "const a = '@agent-tools call';")).toEqual([]);
    expect(bareMentions('a.ts', "const c = { caller: 'the command line (agent-tools skill run)' };")).toEqual([]);
    // a name next to a hint excuses the name only: commander's program name beside its help hint
    const chained = "new Command(`agent-tools call ${module}`).showHelpAfterError(`(run 'agent-tools call ${module} <tool> --help')`);";
    expect(bareMentions('a.ts', chained)).toHaveLength(1);
  });

  it('is the only form of a command line in the strings of src/', () => {
    const found = sourceFiles(join(root, 'src'))
      .map((f) => relative(root, f))
      .flatMap((f) => bareMentions(f, readFileSync(join(root, f), 'utf8')));
    expect(found, 'write these with cliCommand (src/shared/cli-command.ts), or list a name in NAMES').toEqual([]);
  });
});
