/** Every union, nullable and discriminated union field of a zod input is reported in one run: defineTool, export and validate. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../../src/index.js';
import { exportTo } from '../export/helpers.js';

const root = new URL('../..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'agent-tools-zod-all-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const SOURCE = [
  "import { defineTool } from 'agent-tools';",
  "import { z } from 'zod';",
  'export const createShape = defineTool({',
  "  name: 'create_shape',",
  "  description: 'Creates a shape.',",
  '  mutates: true,',
  '  input: z.object({',
  "    fill: z.union([z.string(), z.number()]).describe('Fill'),",
  "    label: z.string().nullable().describe('Label'),",
  "    shape: z.discriminatedUnion('kind', [z.object({ kind: z.literal('circle'), r: z.number() }), z.object({ kind: z.literal('rect'), w: z.number() })]).describe('Shape'),",
  '  }),',
  '  execute: (_c, args) => args,',
  '});',
  '',
].join('\n');

/** The three fields, each with what it is, as one run must name them. */
function expectAllThree(text: string): void {
  expect(text).toContain('input.fill: is a union, a nullable value or a reference');
  expect(text).toContain('so are input.label (nullable), input.shape (a union)');
}

describe('a zod input with a union, a nullable and a discriminated union: all three in one run', () => {
  it('defineTool throws once, naming every field', () => {
    const define = () =>
      defineTool({
        name: 'create_shape',
        description: 'Creates a shape.',
        mutates: true,
        input: z.object({
          fill: z.union([z.string(), z.number()]).describe('Fill'),
          label: z.string().nullable().describe('Label'),
          shape: z
            .discriminatedUnion('kind', [
              z.object({ kind: z.literal('circle'), r: z.number() }),
              z.object({ kind: z.literal('rect'), w: z.number() }),
            ])
            .describe('Shape'),
        }),
        execute: (_c, args) => args,
      });
    let message = '';
    try {
      define();
    } catch (e) {
      message = (e as Error).message;
    }
    expect(message.replace('Tool "create_shape": ', '')).toMatch(/^input\.fill: /);
    expectAllThree(`input.fill: ${message.slice(message.indexOf('input.fill: ') + 12)}`);
  });

  it('export and validate (built CLI) name all three in one diagnostic', async () => {
    writeFileSync(join(tmp, 'tools.ts'), SOURCE);
    const exported = await exportTo({ paths: [tmp], format: 'mcp', cwd: root });
    expect(exported.code).toBe(1);
    expectAllThree(exported.stderr.replace(/`/g, '').replace('input.fill:', 'input.fill:'));
    const validated = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'validate', tmp], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(validated.status).toBe(1);
    expectAllThree(`${validated.stdout}${validated.stderr}`.replace(/`/g, ''));
  });
});
