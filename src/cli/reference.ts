/** Renders the command-line reference (node_modules/agent-tools/docs/cli.md) from the commander definitions. */

import type { Command } from 'commander';

/** Help width used for the generated reference, so it does not depend on the terminal. */
const WIDTH = 100;

/**
 * Renders the command-line reference (`node_modules/agent-tools/docs/cli.md`) from the commander definitions: one
 * section per command and subcommand, in help order, each with its description, every
 * argument and flag with its default and choices, and its exit codes — exactly the text
 * `agent-tools <command> --help` prints, so the page cannot drift from the code.
 *
 * @param program - the program from `buildProgram()`; it is not run.
 * @returns Markdown text ending in a newline.
 */
export function renderCliReference(program: Command): string {
  const commands = walk(program).filter((c) => c !== program && !hidden(c));
  const out: string[] = [
    '# Command-line reference',
    '',
    '<!-- Generated from the commander definitions by `npm run docs:cli`; a test fails when it is out of date. Do not edit by hand. -->',
    '',
    'Every command prints this text with `--help`. Exit codes everywhere: 0 success, 1 findings or a failed tool call, 2 usage, configuration or internal error.',
    '',
    '| command | what it does |',
    '|---|---|',
    ...commands.map((c) => `| [\`${fullName(c)}\`](#${anchor(fullName(c))}) | ${tableText(c.description())} |`),
    '',
    '## agent-tools',
    '',
    '```text',
    helpOf(program).trimEnd(),
    '```',
  ];
  for (const c of commands) {
    out.push(
      '',
      `${'#'.repeat(Math.min(depth(c) + 1, 4))} ${fullName(c)}`,
      '',
      proseText(c.description()),
      '',
      '```text',
      helpOf(c).trimEnd(),
      '```',
    );
  }
  return out.join('\n') + '\n';
}

/** Text safe in a Markdown table cell: pipes escaped, `<` and `>` as entities (else `<module>` is read as an HTML tag). */
function tableText(s: string): string {
  return proseText(s).replace(/\|/g, '\\|');
}

/** Text safe in a Markdown paragraph: `<` and `>` as entities. */
function proseText(s: string): string {
  return s.replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function walk(c: Command): Command[] {
  return [c, ...c.commands.flatMap((sub) => walk(sub))];
}

function hidden(c: Command): boolean {
  return (c as unknown as { _hidden?: boolean })._hidden === true;
}

function depth(c: Command): number {
  let d = 0;
  for (let p = c.parent; p; p = p.parent) d++;
  return d;
}

function fullName(c: Command): string {
  const names: string[] = [];
  for (let p: Command | null = c; p; p = p.parent) names.unshift(p.name());
  return names.join(' ');
}

/** GitHub's heading anchor: lowercase, punctuation dropped, spaces to dashes. */
function anchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The full `--help` text of a command, including text added with `addHelpText`. */
function helpOf(c: Command): string {
  let text = '';
  c.configureHelp({ helpWidth: WIDTH });
  c.configureOutput({ writeOut: (s) => (text += s), getOutHasColors: () => false });
  c.outputHelp();
  return text;
}
