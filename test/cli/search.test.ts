/** Tests of the built `agent-tools search` on the example toolbox: JSON and text output, empty queries, usage errors. */

import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
const bin = `${root}bin/agent-tools.js`;
const run = (args: string[]) =>
  spawnSync(process.execPath, [bin, 'search', ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });

describe('agent-tools search (built CLI, static, on examples/canvas)', () => {
  it('--format json prints { results: [{ name, score, tier }] } best first, exit 0', () => {
    const r = run(['examples/canvas', '--limit', '3', '--format', 'json', 'make the corners rounded']);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as { results: { name: string; score: number; tier: string | null }[] };
    expect(Object.keys(out)).toEqual(['results']);
    expect(out.results).toHaveLength(3);
    expect(out.results[0]).toEqual({ name: 'set_corner_radius', score: expect.any(Number), tier: 'extended' });
    expect(out.results.map((h) => Object.keys(h))).toEqual(out.results.map(() => ['name', 'score', 'tier']));
    const scores = out.results.map((h) => h.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('text: one line per tool with rank, name, tier, score and the first sentence of its description', () => {
    const r = run(['examples/canvas', '--limit', '1', 'save the page as svg']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(
      /^1\. export_svg {2}extended {2}\d+\.\d{3} {2}Render the whole page, or one node with its descendants, as a standalone SVG document \(hidden nodes left out\)\.\n$/,
    );
  });

  it('an empty query lists the first tools of the core tier with a note on stderr (exit 0); no match is exit 1 with a note', () => {
    const empty = run(['examples/canvas', '--format', 'json', '--limit', '2', '']);
    expect(empty.status).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({
      results: [
        { name: 'get_selection', score: 0, tier: 'core' },
        { name: 'get_node', score: 0, tier: 'core' },
      ],
      note: expect.stringMatching(/query is empty/),
    });
    expect(empty.stderr).toMatch(/^search: the query is empty/);
    const none = run(['examples/canvas', 'qqzzx']);
    expect(none.status).toBe(1);
    expect(none.stdout).toBe('');
    expect(none.stderr).toMatch(/no tool matched/);
  });

  it('a query typed first, or not quoted, exits 2 naming the order and the command meant', () => {
    const first = run(['make the corners rounded', 'examples/canvas']);
    expect(first.status).toBe(2);
    expect(first.stderr).toContain(
      'no such file or folder: make the corners rounded; the query comes last, after the files or folders: npx agent-tools search examples/canvas "make the corners rounded"',
    );
    const unquoted = run(['examples/canvas', 'make', 'the', 'corners', 'rounded']);
    expect(unquoted.status).toBe(2);
    expect(unquoted.stderr).toContain(
      'no such file or folder: make, the, corners; a query of several words is one argument, quoted: npx agent-tools search examples/canvas "make the corners rounded"',
    );
    // the command meant is the one that works
    expect(run(['examples/canvas', 'make the corners rounded']).status).toBe(0);
  });

  it('no folder given and no ./tools: says the folder comes first', () => {
    const r = spawnSync(process.execPath, [bin, 'search', 'round the corners'], {
      cwd: tmpdir(),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.status).toBe(2);
    expect(r.stderr).toContain(
      `no ./tools folder here, and no folder was given: the tools' files or folders come first, the query last (npx agent-tools search <folder> "round the corners")`,
    );
  });

  it('usage errors exit 2: a bad --limit, a missing path, an unknown format', () => {
    expect(run(['examples/canvas', '--limit', '0', 'x'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/--limit must be a positive integer, got '0'/),
    });
    expect(run(['no/such/folder', 'x'])).toMatchObject({
      status: 2,
      stderr: expect.stringMatching(/no such file or folder: no\/such\/folder/),
    });
    expect(run(['examples/canvas', '--format', 'xml', 'x']).status).toBe(2);
  });

  it('a folder with no tools says only that (exit 1), not also that no tool matched the query', () => {
    const r = run(['docs', 'x']);
    expect([r.status, r.stdout, r.stderr]).toEqual([1, '', 'search: no tools found in docs\n']);
  });
});
