/** Tests that diff reads a project file committed as a symbolic link as what its own name says, whatever the target's name. */

import { symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, wipeRepos } from './wipe-toolbox.js';

describe('diff: a file committed as a symbolic link', { timeout: 60_000 }, () => {
  const repo = wipeRepos();
  it('.mcp.json linked to a Markdown file is read as an MCP client configuration', () => {
    const r = repo();
    const args = ['agent-tools', 'serve', 'tools/tools.ts', '--approve', 'wipe_table'];
    r.write('docs/mcp-config.md', JSON.stringify({ mcpServers: { notes: { command: 'npx', args } } }));
    symlinkSync('docs/mcp-config.md', join(r.dir, '.mcp.json'));
    const d = cli(r.dir, 'diff', 'tools', '--base', 'main');
    expect(d.status).toBe(1);
    expect(d.stdout).toContain(
      '`wipe_table` no longer asks for approval (serve --approve "wipe_table" in .mcp.json at $.mcpServers.notes.args',
    );
  });
});
