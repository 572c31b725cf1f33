/** Tests that the format list is the one place a format is named: files, help, options, `--import` and docs follow it. */

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { buildProgram, main } from '../../src/cli/main.js';
import { exportTools } from '../../src/toolkit/index.js';
import {
  FORMAT_LIST,
  formatFlags,
  formatOptionProblem,
  pickFormatOptions,
  schemaAsIsFormats,
  writesSchemaAsIs,
} from '../../src/export/formats/index.js';

const root = new URL('../..', import.meta.url).pathname;
const SUPPORT = ['define-format.ts', 'index.ts', 'types.ts'];

describe('the format list is the one place a format is named', () => {
  it('one file per format under src/export/formats/, named as the format, and every file is in the list', () => {
    const files = readdirSync(`${root}src/export/formats`).filter((f) => !SUPPORT.includes(f));
    const listed = FORMAT_LIST.map((f) => `${f.name}.ts`);
    const unlisted = files.filter((f) => !listed.includes(f)).map((f) => `src/export/formats/${f}`);
    expect(unlisted, 'not in FORMAT_LIST (src/export/formats/index.ts)').toEqual([]);
    expect(files.sort()).toEqual(listed.sort());
  });

  it("export --help offers each format with its summary, and each format's own flag naming the formats that take it", () => {
    const exportCommand = buildProgram().commands.find((c) => c.name() === 'export')!;
    let help = '';
    exportCommand.configureOutput({ writeOut: (s) => (help += s) });
    exportCommand.outputHelp();
    for (const f of FORMAT_LIST) expect(help).toContain(`  ${f.name.padEnd(9)}  ${f.summary}\n`);
    const options = help.replace(/\s+/g, ' ');
    expect(options).toContain('--format <name> mcp, json, markdown, openai, anthropic, gemini or dts (default: "mcp")');
    for (const o of formatFlags()) expect(options).toContain(`${o.flag} ${o.formats.join(', ')}: ${o.spec.description}`);
    expect(formatFlags().map((o) => [o.flag, o.formats])).toEqual([
      ['--strict', ['openai']],
      ['--defer <tier>', ['openai', 'anthropic']],
    ]);
  });

  it("a format's option given to another format is a usage problem naming the formats that take it", () => {
    expect(formatOptionProblem('mcp', { strict: true })).toBe('--strict applies to --format openai only, not mcp');
    expect(formatOptionProblem('openai', { strict: true })).toBeUndefined();
    expect(formatOptionProblem('mcp', { strict: false })).toBeUndefined();
    expect(pickFormatOptions({ strict: true, out: 'x.json', tier: 'all' })).toEqual({ strict: true });
  });

  it('says which formats write a library schema as is (what --import writes)', () => {
    expect(schemaAsIsFormats()).toEqual(['mcp', 'json', 'openai', 'anthropic', 'dts']);
    expect(writesSchemaAsIs('openai', { strict: true })).toBe(false);
    expect(writesSchemaAsIs('nope')).toBe(false);
  });

  it('an unknown --format names every registered format, dts among them, on the command line and in the toolkit', async () => {
    // in process, so the sources are what runs (a copy of the repository without dist/ too)
    let stderr = '';
    const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
    const saved = process.exitCode;
    let code: number;
    try {
      code = await main(['node', 'agent-tools', 'export', '--format', 'xyz']);
    } finally {
      write.mockRestore();
      process.exitCode = saved;
    }
    expect(code).toBe(2);
    const r = { stderr };
    const line = r.stderr.split('\n')[0]!;
    expect(line).toMatch(/^agent-tools: unknown format 'xyz'; use one of /);
    const offered = line.replace(/^.*use one of /, '').split(', ');
    expect(offered).toContain('dts');
    expect(offered).toEqual(FORMAT_LIST.map((f) => f.name));
    const thrown = await exportTools(['.'], { format: 'xyz' as never }).catch((e: Error) => e.message);
    expect(thrown).toBe(`unknown format 'xyz'; use one of ${offered.join(', ')}`);
  });

  it("the docs' lists of formats (the toolkit's format option, getting started's export line) name every format", () => {
    const toolkit = readFileSync(`${root}docs/toolkit.md`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('- `format`: '))!;
    const start = readFileSync(`${root}docs/getting-started.md`, 'utf8')
      .split('\n\n')
      .find((p) => p.includes('- **export** —'))!;
    for (const f of FORMAT_LIST) {
      expect(toolkit, `docs/toolkit.md's format option does not name ${f.name}`).toContain(`\`${f.name}\``);
      expect(start, `docs/getting-started.md's export line does not name ${f.name}`).toContain(`\`${f.name}\``);
    }
  });

  it('docs/export.md shows every format', () => {
    const page = readFileSync(`${root}docs/export.md`, 'utf8');
    for (const f of FORMAT_LIST) expect(page, `docs/export.md does not show the ${f.name} format`).toContain(`\`${f.name}\``);
  });
});
