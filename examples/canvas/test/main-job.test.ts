import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHECK_IDS } from '../../../src/validate/checks/index.js';

const root = join(import.meta.dirname, '..', '..', '..');

describe('npm start (examples/main-job.js)', () => {
  it(
    'runs validate, both exports, the MCP round trip, the demo, the approval round trip and the skills tour, and says where the outputs are',
    { timeout: 180_000 },
    async () => {
      const r = spawnSync(process.execPath, [join(root, 'examples', 'main-job.js')], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1' },
      });
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const out = /^outputs go to (.+)$/m.exec(r.stdout)?.[1];
      expect(out).toBeDefined();
      try {
        const summary = r.stdout.slice(r.stdout.indexOf('\nSummary\n'));
        expect(summary.match(/^ {2}✓ .+$/gm)).toHaveLength(13);
        expect(r.stdout).toContain('✔ 0 errors, 0 warnings');
        expect(r.stdout).toContain('all 32 entries equal the static export');
        expect(r.stdout).toContain('duplicates: find_nodes {"type":"text","within":"n1","limit":50} x2');
        expect(r.stdout).toContain('{"base":"#2563EB","tints":["#5C8AF0","#92B1F5","#C9D8FA"]}');
        expect(r.stdout).toContain('All 13 steps passed.');
        expect(r.stdout).toContain('generateText stopped with 2 tool-approval-request(s):');
        expect(r.stdout).toContain('  delete_node {"id":"n3"}: denied by the main job script (did not run)');
        expect(r.stdout).toContain('  delete_node {"id":"n6"}: approved by the main job script');
        for (const file of ['validate-report.md', 'tools.mcp.json', 'tools.md', 'skills.db']) {
          expect(existsSync(join(out!, file)), file).toBe(true);
          expect(summary).toContain(join(out!, file));
        }
        expect(readFileSync(join(out!, 'validate-report.md'), 'utf8')).toContain(
          `Checks: ${CHECK_IDS.length} pass, 0 warn, 0 fail, 0 off.`,
        );
        expect(JSON.parse(readFileSync(join(out!, 'tools.mcp.json'), 'utf8')).tools).toHaveLength(32);
        // It ends by saying how to open the skill console on the example store; that command works.
        const command = /^ {2}node (bin\/agent-tools\.js console --store \S+ --tools \S+)$/m.exec(r.stdout)?.[1];
        expect(command).toBe(`bin/agent-tools.js console --store ${join(out!, 'skills.db')} --tools examples/canvas/registry.ts`);
        const child = spawn(process.execPath, command!.split(' '), { cwd: root, stdio: ['ignore', 'pipe', 'ignore'] });
        const [chunk] = await once(child.stdout!, 'data');
        const url = new URL(String(chunk).trim());
        const res = await fetch(`${url.origin}/api/skills`, { headers: { authorization: `Bearer ${url.searchParams.get('token')}` } });
        expect(((await res.json()) as { skills: { name: string }[] }).skills.map((s) => s.name)).toEqual([
          'brand_style',
          'layout_review',
          'tint_palette',
        ]);
        child.kill('SIGINT');
        expect((await once(child, 'exit'))[0]).toBe(0);
      } finally {
        rmSync(out!, { recursive: true, force: true });
      }
    },
  );
});
