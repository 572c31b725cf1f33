/** Tests of skills over MCP (SEP-2640) through `serve`, and the names skills are published under. */

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SkillsClient } from '@modelcontextprotocol/client/ext/skills';
import { afterAll, describe, expect, it } from 'vitest';
import { publishedSkillName, skillMarkdown } from '../../src/skills/mcp/skills-over-mcp.js';
import { connectHttp, connectServe, REVISIONS, serveHttp } from '../adapters/mcp-child.js';

// serve offers the store's prompt skills and Agent Skills folders through the MCP skills
// extension (SEP-2640), read here by the official client's SkillsClient, which checks every
// file's size and digest and the SKILL.md front matter against the listing.

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const fx = (p: string) => `${root}fixtures/skills/${p}`;
const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

function skill(...args: string[]): string {
  const r = spawnSync(process.execPath, [bin, 'skill', ...args], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  expect(r.status, r.stderr).toBe(0);
  return r.stderr;
}

/** A store holding an Agent Skills folder (with a subfolder), a prompt skill file, and one whose name needs mapping. */
function store(): string {
  const dir = mkdtempSync(join(tmpdir(), 'skills-over-mcp-'));
  const review = join(dir, 'review.json');
  writeFileSync(
    review,
    JSON.stringify({
      kind: 'prompt',
      name: 'review_copy',
      description: 'Review copy for tone',
      triggers: ['review'],
      content: 'Check the tone.',
    }),
  );
  const path = join(dir, 'skills.db');
  skill('install', '--store', path, fx('agent/pdf-tools'), fx('tone.json'), review);
  return path;
}

describe('skills over MCP (SEP-2640) through agent-tools serve', { timeout: 120_000 }, () => {
  for (const revision of REVISIONS) {
    it(`stdio, ${revision}: lists, gets and reads every skill, files verified by the SDK client`, async () => {
      const db = store();
      const { client, close } = await connectServe('fixtures/adapters/font-tools.ts', '--store', db, { revision });
      cleanup.push(close);
      const skills = new SkillsClient(client);
      expect([skills.supported, skills.directoryRead]).toEqual([true, true]);
      const { skills: listed, invalid } = await skills.list();
      expect(invalid).toEqual([]);
      expect(listed.map((s) => [s.uri, s.frontmatter.name])).toEqual([
        ['skill://pdf-tools/SKILL.md', 'pdf-tools'],
        ['skill://review-copy/SKILL.md', 'review-copy'],
        ['skill://tone/SKILL.md', 'tone'],
      ]);
      const pdf = listed[0]!;
      expect(Array.isArray(pdf.resources) && pdf.resources.map((r) => r.uri)).toEqual([
        'skill://pdf-tools/SKILL.md',
        'skill://pdf-tools/reference.md',
        'skill://pdf-tools/scripts/extract.py',
      ]);
      // the folder's SKILL.md, its description re-quoted for strict YAML, equal to the listing
      const md = await skills.read(pdf);
      expect(md.verified).toBe(true);
      expect(md.frontmatter).toEqual({
        name: 'pdf-tools',
        description: 'Extract text and tables from PDF files. Triggers: PDF, extract text, 表格.',
      });
      expect(md.body).toContain('# PDF tools');
      const script = await skills.read(pdf, 'scripts/extract.py');
      expect([script.verified, script.text?.length]).toEqual([true, expect.any(Number)]);
      const dir = await skills.readDirectory('skill://pdf-tools');
      expect(dir.resources.map((r) => [r.uri, r.mimeType ?? null])).toEqual([
        ['skill://pdf-tools/SKILL.md', 'text/markdown'],
        ['skill://pdf-tools/reference.md', 'text/markdown'],
        ['skill://pdf-tools/scripts', 'inode/directory'],
      ]);
      // a prompt skill file becomes one SKILL.md
      const tone = await skills.read(listed[2]!);
      expect(tone.text).toBe(skillMarkdown('tone', 'Polite tone for customer mail', 'Write politely and briefly.'));
      expect((await skills.get('skill://tone/SKILL.md')).skill.uri).toBe('skill://tone/SKILL.md');
      await expect(skills.get('skill://nothing/SKILL.md')).rejects.toMatchObject({ code: -32602 });
    });
  }

  it('HTTP: a skill disabled in another process leaves skills/list, and a 2026 client hears resources/list_changed', async () => {
    const db = store();
    const served = await serveHttp('fixtures/adapters/font-tools.ts', '--store', db);
    cleanup.push(served.stop);
    const client = await connectHttp(served.url, '2026-07-28');
    cleanup.push(() => client.close());
    let heard: () => void = () => undefined;
    client.setNotificationHandler('notifications/resources/list_changed', () => heard());
    await client.listen({ resourcesListChanged: true });
    const skills = new SkillsClient(client);
    expect((await skills.list()).skills.map((s) => s.frontmatter.name)).toEqual(['pdf-tools', 'review-copy', 'tone']);
    const changed = new Promise<void>((resolve) => (heard = resolve));
    skill('disable', 'tone', '--store', db);
    await Promise.race([
      changed,
      new Promise((_, reject) => setTimeout(() => reject(new Error('no resources/list_changed within 2 s')), 2000)),
    ]);
    expect((await skills.list()).skills.map((s) => s.frontmatter.name)).toEqual(['pdf-tools', 'review-copy']);
  });
});

describe('publishedSkillName', () => {
  it('keeps Agent Skills names, maps snake_case, refuses what cannot be published', () => {
    expect(['pdf-tools', 'review_copy', 'Tone', 'a--b', '名前', 'x'.repeat(65)].map(publishedSkillName)).toEqual([
      'pdf-tools',
      'review-copy',
      'tone',
      undefined,
      undefined,
      undefined,
    ]);
  });
});
