/** Tests of `export --format markdown` for a `defineTool` whose zod input is not flat: documented from its JSON Schema, never left out. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ciWorkflow } from '../../src/validate/init-ci.js';
import { exportTo } from './helpers.js';

const root = new URL('../..', import.meta.url).pathname;

/** The rows of the table under `## tool` whose header starts with `| first |` (header and rule left out). */
function rowsOf(text: string, tool: string, first: string): string[] {
  const section = text.split(/^## /m).find((s) => s.startsWith(`${tool}\n`)) ?? '';
  const lines = section.split('\n');
  const at = lines.findIndex((l) => l.startsWith(`| ${first} |`));
  if (at < 0) return [];
  const end = lines.findIndex((l, i) => i > at && !l.startsWith('|'));
  return lines.slice(at + 2, end < 0 ? undefined : end);
}

describe('export --format markdown: a zod input that is not flat', () => {
  it('is written from its JSON Schema: a row per field, nested as style.weight, tags[].name and labels.*; exit 0, nothing on stderr', async () => {
    const r = await exportTo({ paths: ['fixtures/export/zod-catalogue'], format: 'markdown', cwd: root });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(r.stdout.startsWith('# Tools\n\n2 tools.\n\n- [set_style](#set_style): Sets the text style of a node.\n')).toBe(true);
    expect(rowsOf(r.stdout, 'set_style', 'Param')).toEqual([
      '| `id` | string | yes |  | at least 1 character | Text node id |',
      '| `style` | object | yes |  |  | Style to apply |',
      '| `style.weight` | integer | yes |  | 100 to 900 | CSS weight |',
      '| `style.align` | string | no | `"left"` | `left`, `center`, `right` | Alignment |',
      '| `style.font` | object | no |  |  | Font |',
      '| `style.font.family` | string | yes |  |  | Font family |',
      // a number's exclusive bound is not listed (clients reject it; parseArgs still applies it); `|` escaped
      '| `style.font.size` | number | no |  |  | Size in px \\| pt |',
      '| `tags` | object[] | yes |  | 0 to 8 items | Tags to set |',
      '| `tags[].name` | string | yes |  |  | Tag name |',
      // a hex pattern that is not the color param's is a string, with no color format claimed
      '| `tags[].color` | string | no |  | matches `^#[0-9a-fA-F]{6}$` | Tag color |',
      '| `labels` | object | no |  |  | Labels by key |',
      '| `labels.*` | string | no |  |  | Label text |',
      '| `keywords` | string[] | no |  |  | Search keywords |',
      // an integer's exclusive bound is the whole number inside it, and zod's implied safe-integer range is no bound
      '| `repeat` | integer | no |  | >= 1 | Times to apply |',
      '| `version` | string | yes |  | `v1` | Style schema version |',
    ]);
    // the result table is read by the same walk
    expect(rowsOf(r.stdout, 'set_style', 'Field')).toEqual([
      '| `id` | string | yes |  | Node id |',
      '| `color` | string | yes | matches `^#[0-9a-f]{6}$` | Text color |',
    ]);
    // a flat tool beside it keeps its table from params
    expect(rowsOf(r.stdout, 'get_node', 'Param')).toEqual(['| `id` | string | yes |  |  | Node id |']);
  });

  it('takes a record and an optional nested field (what gemini and openai --strict refuse in part): every tool written', async () => {
    const r = await exportTo({ paths: ['fixtures/export/zod-nested'], format: 'markdown', cwd: root });
    expect([r.code, r.stderr]).toEqual([0, '']);
    expect(rowsOf(r.stdout, 'resize', 'Param')).toEqual([
      '| `id` | string | yes |  | at least 1 character | Shape id |',
      '| `size` | object | yes |  |  | New size |',
      '| `size.w` | number | yes |  |  | Width in px |',
      '| `size.h` | number | no |  |  | Height in px |',
    ]);
    expect(rowsOf(r.stdout, 'create_shape', 'Param')).toEqual([
      '| `meta` | object | yes |  |  | Free-form metadata map |',
      '| `meta.*` | string | no |  |  |  |',
      '| `size` | object | yes |  |  | Size |',
      '| `size.w` | number | yes |  |  | Width in px |',
      '| `size.h` | number | no |  |  | Height in px |',
    ]);
  });

  it('the export step of the workflow validate --init-ci writes succeeds on a toolbox with one such tool, and writes its table', () => {
    const dir = mkdtempSync(join(tmpdir(), 'md-zod-input-'));
    mkdirSync(join(dir, 'tools'));
    writeFileSync(
      join(dir, 'tools/style.ts'),
      [
        "import { defineTool } from 'agent-tools';",
        "import { z } from 'zod';",
        '',
        'export const setStyle = defineTool({',
        "  name: 'set_style',",
        "  description: 'Sets the text style of a node.',",
        '  mutates: true,',
        '  destructive: false,',
        "  input: z.object({ style: z.object({ weight: z.number().describe('CSS weight') }).describe('Style to apply') }),",
        '  execute: (_c, args) => args,',
        '});',
        '',
      ].join('\n'),
    );
    const steps = Object.values((parse(ciWorkflow()) as { jobs: Record<string, { steps: { run?: string }[] }> }).jobs).flatMap(
      (j) => j.steps,
    );
    const run = steps.find((s) => s.run?.startsWith('npx agent-tools export '))!.run!;
    expect(run).toContain('--format markdown');
    // the step as the runner's bash runs it, with npx standing for this package's bin
    const r = spawnSync('bash', ['-c', `npx() { shift; "$NODE" "$BIN" "$@"; }\n${run}`], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, NODE: process.execPath, BIN: join(root, 'bin/agent-tools.js') },
    });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, '', 'agent-tools: export: wrote 1 tool (markdown) to agent-tools-tools.md\n']);
    expect(rowsOf(readFileSync(join(dir, 'agent-tools-tools.md'), 'utf8'), 'set_style', 'Param')).toEqual([
      '| `style` | object | yes |  |  | Style to apply |',
      '| `style.weight` | number | yes |  |  | CSS weight |',
    ]);
  });
});
