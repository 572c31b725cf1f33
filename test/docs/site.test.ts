/** Tests that the docs site builds every page under docs/ with a local search index and nothing from the internet. */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { root } from './markdown.js';

const out = mkdtempSync(join(tmpdir(), 'agent-tools-docs-site-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('the docs site (npm run docs:build)', () => {
  it('builds every page under docs/ into a static site with a local search index and nothing from the internet', () => {
    const r = spawnSync(process.execPath, [join(root, 'node_modules/vitepress/bin/vitepress.js'), 'build', 'docs', '--outDir', out], { cwd: root, encoding: 'utf8' });
    expect(r.stderr + r.stdout).not.toMatch(/build error|dead link/i);
    expect(r.status).toBe(0);
    const pages = readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md'));
    expect(pages).toContain('cli.md');
    for (const page of pages) expect(existsSync(join(out, page.replace(/\.md$/, '.html'))), page).toBe(true);
    const chunks = readdirSync(join(out, 'assets/chunks'));
    expect(chunks.some((f) => f.startsWith('@localSearchIndex'))).toBe(true);
    const index = readFileSync(join(out, 'index.html'), 'utf8');
    expect(index.match(/(?:src|href)="https?:\/\/[^"]+"/g) ?? []).toEqual([]);
  }, 300_000);
});
