/** Tests that `diff` reads declared outputs from `defineTool`: a removed output field is breaking, an added one is not. */

import { afterAll, describe, expect, it } from 'vitest';
import { runDiff } from '../../src/diff/run.js';
import { TempRepo } from './git-repo.js';

const tool = (output: string) => `import { defineTool } from 'agent-tools';

export const getNode = defineTool({
  name: 'get_node',
  description: 'Get a node by id',
  params: { id: { type: 'string', required: true, description: 'Node id' } },
  output: {
${output}
  },
  execute: (_api: unknown, { id }) => ({ id, name: 'Title' }),
});
`;
const ID = "    id: { type: 'string', required: true, description: 'Node id' },";
const NAME = "    name: { type: 'string', required: true, description: 'Layer name' },";

describe('diff reads declared outputs from defineTool', { timeout: 120_000 }, () => {
  const repo = new TempRepo({ 'tools/node.ts': tool(`${ID}\n${NAME}`) });
  afterAll(() => repo.dispose());

  it('a removed output field is breaking; an added one is not', async () => {
    repo.write('tools/node.ts', tool(ID));
    const removed = await runDiff(['tools'], { base: 'HEAD', cwd: repo.dir });
    expect(removed.result.changes.map((c) => [c.tool, c.rule, c.class])).toEqual([['get_node', 'output-field-removed', 'breaking']]);
    expect(removed.result.bump).toBe('major');

    repo.write('tools/node.ts', tool(`${ID}\n${NAME}\n    kind: { type: 'string', description: 'Node type' },`));
    const added = await runDiff(['tools'], { base: 'HEAD', cwd: repo.dir });
    expect(added.result.changes.every((c) => c.class !== 'breaking')).toBe(true);
    expect(added.result.changes.map((c) => c.rule)).toContain('output-field-added');
  });
});
