/** Tests that docs/cli.md is the reference generated from the commander definitions. */

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/main.js';
import { renderCliReference } from '../../src/cli/reference.js';

const root = new URL('../../', import.meta.url).pathname;

describe('docs/cli.md', () => {
  it('is the reference generated from the commander definitions (regenerate: npm run docs:cli)', () => {
    expect(readFileSync(`${root}docs/cli.md`, 'utf8')).toBe(renderCliReference(buildProgram()));
  });

  it('names every command and subcommand, with its flags, defaults and exit codes', () => {
    const program = buildProgram();
    const text = renderCliReference(program);
    for (const cmd of program.commands) {
      expect(text).toContain(`## agent-tools ${cmd.name()}\n`);
      for (const opt of cmd.options) expect(text).toContain(opt.flags);
      for (const sub of cmd.commands) expect(text).toContain(`### agent-tools ${cmd.name()} ${sub.name()}\n`);
    }
    expect(text).toContain('(default: "mcp")');
    expect(text).toMatch(/## agent-tools validate\n[\s\S]*Exit codes: 0 clean/);
  });
});
