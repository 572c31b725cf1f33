/** Tests that `serve` of an empty tier warns that nothing is served and how to serve the other tier. */

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempPackage } from '../temp-package.js';

const root = new URL('../..', import.meta.url).pathname;

describe('agent-tools serve with an empty tier', () => {
  it('warns that nothing is served and how to serve the other tier', () => {
    const dir = tempPackage('serve-empty-');
    writeFileSync(
      join(dir, 'registry.ts'),
      `import { createRegistry, defineTool } from 'agent-tools';
const ping = defineTool({ name: 'ping', description: 'Reply with pong to check the server', params: {}, execute: () => 'pong' });
export const registry = createRegistry({ core: [], extended: [ping] });
`,
    );
    // stdin at its end: the server starts, says what it serves, and stops
    const r = spawnSync(process.execPath, [join(root, 'bin/agent-tools.js'), 'serve', 'registry.ts'], {
      cwd: dir,
      input: '',
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, NO_COLOR: '1' },
    });
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('agent-tools: serving 0 tools from registry.ts (registry, tier core) over stdio\n');
    expect(r.stderr).toContain(
      'agent-tools: warning: the core tier is empty; tools in other tiers are not served (use --tier all, or move tools into the core tier)\n',
    );
  });
});
