/** Tests of a zod input built with the project's own zod 3 or any 4 minor, in process and through `agent-tools call`. */

import { spawnSync } from 'node:child_process';
import { rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COLOR_PATTERN, defineTool, parseArgs, type ParamsDef } from '../../src/index.js';
import { pinnedProject } from '../byo/version-farm.js';

// A project's own zod (3 or any 4 minor) builds the input; the converter must not depend on
// which copy of zod did: zod 4.0 lost every .describe() (serve refused the tools), zod 4.2 lost
// every type and bound, zod 3 was refused.
const root = new URL('../..', import.meta.url).pathname;
const COPIES = ['zod-v3', 'zod-v4-0', 'zod-v4-1', 'zod-v4-2', 'zod-v4-3', 'zod-v4-4', 'zod-v4-5', 'zod'] as const;

const EXPECTED: ParamsDef = {
  city: { type: 'string', description: 'City name', required: true, min: 1 },
  days: { type: 'number', description: 'Days ahead', required: true, integer: true, min: 1, max: 7 },
  units: { type: 'string', description: 'Temperature units', enum: ['c', 'f'] },
  accent: { type: 'color', description: 'Accent color' },
  alerts: { type: 'boolean', description: 'Include alerts', default: false },
};

describe('a zod input built with the project’s own zod, 3 or any 4 minor', () => {
  for (const copy of COPIES) {
    it(`${copy}: descriptions, types and bounds intact; arguments checked`, async () => {
      const { z } = (await import(join(root, 'node_modules', copy, 'index.js'))) as { z: Record<string, (...a: unknown[]) => never> };
      const s = (x: unknown) => x as Record<string, (...a: unknown[]) => never>;
      const input = z.object!({
        city: s(s(z.string!()).min!(1)).describe!('City name'),
        days: s(s(s(s(z.number!()).int!()).min!(1)).max!(7)).describe!('Days ahead'),
        units: s(s(z.enum!(['c', 'f'])).optional!()).describe!('Temperature units'),
        accent: s(s(s(z.string!()).regex!(new RegExp(COLOR_PATTERN))).optional!()).describe!('Accent color'),
        alerts: s(s(z.boolean!()).default!(false)).describe!('Include alerts'),
      });
      const tool = defineTool({
        name: 'forecast',
        description: 'Returns the forecast.',
        input,
        execute: (_a: unknown, args: unknown) => args,
      });
      expect(tool.params).toEqual(EXPECTED);
      expect(parseArgs(tool, { city: 'Oslo', days: '3' })).toEqual({ ok: true, args: { city: 'Oslo', days: 3, alerts: false } });
      const bad = parseArgs(tool, { city: 'Oslo', days: 9 });
      expect(bad.ok).toBe(false);
      expect(!bad.ok && bad.error).toContain('days');
    });
  }
});

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('agent-tools call on a project whose zod is 4.0 (descriptions live in that copy) and 3.25', () => {
  for (const copy of ['zod-v4-0', 'zod-v3']) {
    it(`${copy}: the tool is listed with its descriptions and called with its bounds`, () => {
      const dir = pinnedProject('fixtures/byo/zod-input', { zod: copy });
      made.push(dir);
      symlinkSync(root, join(dir, 'node_modules', 'agent-tools'));
      writeFileSync(
        join(dir, 'own.ts'),
        `import { defineTool } from 'agent-tools';
import { z } from 'zod';
export const resize = defineTool({
  name: 'resize',
  description: 'Resizes an image.',
  mutates: true,
  destructive: false,
  input: z.object({ width: z.number().int().min(1).max(4096).describe('Width in px') }),
  execute: (_api: unknown, { width }: { width: number }) => ({ width }),
});
`,
      );
      const run = (...args: string[]) =>
        spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'call', 'own.ts', ...args], {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, NO_COLOR: '1' },
        });
      const list = run('--list');
      expect(list.stderr).toBe('');
      expect(list.stdout).toContain('resize');
      const ok = run('resize', '--width', '640');
      expect([ok.status, ok.stdout.trim()]).toEqual([0, JSON.stringify({ width: 640 })]);
      const tooWide = run('resize', '--width', '5000');
      expect(tooWide.status).toBe(1);
      expect(tooWide.stderr + tooWide.stdout).toContain('width');
    }, 30_000);
  }
});
