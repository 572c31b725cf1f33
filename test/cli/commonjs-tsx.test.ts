/** Tests that tsx runs an agent of a CommonJS project (what `npm init -y` makes) that imports the AI SDK adapter. */

import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempProjects } from '../temp-project.js';

const root = join(import.meta.dirname, '..', '..');
const project = tempProjects('agent-tools-cjs-tsx-');

const AGENT = `import { toolsToAI } from 'agent-tools/ai';
import { defineTool } from 'agent-tools';

const getTime = defineTool({
  name: 'get_time',
  description: 'Returns the current time as an ISO 8601 string.',
  mutates: false,
  params: {},
  execute: () => new Date().toISOString(),
});
console.log(Object.keys(toolsToAI([getTime])).join(','));
`;

describe('tsx in a CommonJS project', () => {
  it('npx tsx agent.ts loads agent-tools/ai (tsx compiles it as CommonJS, with no import.meta.resolve) and builds the tool set', () => {
    const dir = project({
      'package.json': '{ "name": "trial", "version": "1.0.0", "main": "index.js", "license": "ISC" }\n',
      'agent.ts': AGENT,
    });
    mkdirSync(join(dir, 'node_modules'));
    symlinkSync(root, join(dir, 'node_modules', 'agent-tools'));
    const r = spawnSync(join(root, 'node_modules', '.bin', 'tsx'), ['agent.ts'], { cwd: dir, encoding: 'utf8' });
    expect([r.status, r.stdout, r.stderr]).toEqual([0, 'get_time\n', '']);
  });
});
